import { exchangeCode, refreshGrant, type Services } from '@condor/core';
import type { Hono } from 'hono';
import type { RestEnv } from '../rest-env.js';
import { formParams, single } from './form-params.js';
import { oauthError, oauthJson, preflight } from './oauth-response.js';

/**
 * `POST /oauth/token` (OAuth 2.1 §3.2): the authorization code grant (PKCE verified, code single use) and the
 * refresh token grant (single use, reuse revokes the grant). condor's clients are public: `client_id` in the body,
 * no secret; a request that tries client authentication is refused rather than half-understood.
 */
export function mountTokenEndpoint(app: Hono<RestEnv>, services: Services): void {
  app.options('/oauth/token', (c) => preflight(c, 'POST'));
  app.post('/oauth/token', async (c) => {
    if (c.req.header('authorization') !== undefined) {
      return oauthError(c, { error: 'invalid_client', description: 'condor’s clients are public: send client_id in the form body and no client secret (PKCE proves the client).' });
    }
    const form = await formParams(c);
    const field = (name: string) => single(form, name);
    const grantType = field('grant_type');
    if (grantType === 'authorization_code') {
      const result = await exchangeCode(
        { code: field('code'), codeVerifier: field('code_verifier'), clientId: field('client_id'), redirectUri: field('redirect_uri'), resource: field('resource') },
        services,
      );
      return result.match((tokens) => oauthJson(c, 200, tokens), (failure) => oauthError(c, failure));
    }
    if (grantType === 'refresh_token') {
      const result = await refreshGrant({ refreshToken: field('refresh_token'), clientId: field('client_id'), scope: field('scope'), resource: field('resource') }, services);
      return result.match((tokens) => oauthJson(c, 200, tokens), (failure) => oauthError(c, failure));
    }
    return oauthError(
      c,
      grantType === null
        ? { error: 'invalid_request', description: 'grant_type is required, once, in an application/x-www-form-urlencoded body.' }
        : { error: 'unsupported_grant_type', description: 'condor supports the grant types authorization_code and refresh_token.' },
    );
  });
}
