import { revokeOAuthToken, type Services } from '@condor/core';
import type { Hono } from 'hono';
import type { RestEnv } from '../rest-env.js';
import { formParams, single } from './form-params.js';
import { OAUTH_HEADERS, oauthError, preflight } from './oauth-response.js';

/** `POST /oauth/revoke` (RFC 7009): a client ends its own grant with its refresh or access token; 200 with no body. */
export function mountRevocation(app: Hono<RestEnv>, services: Services): void {
  app.options('/oauth/revoke', (c) => preflight(c, 'POST'));
  app.post('/oauth/revoke', async (c) => {
    const form = await formParams(c);
    const result = await revokeOAuthToken({ token: single(form, 'token'), clientId: single(form, 'client_id') }, services);
    return result.match(() => c.body(null, 200, OAUTH_HEADERS), (failure) => oauthError(c, failure));
  });
}
