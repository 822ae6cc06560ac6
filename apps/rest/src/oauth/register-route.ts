import { registerClient, type Services } from '@condor/core';
import type { Hono } from 'hono';
import type { RestEnv } from '../rest-env.js';
import { oauthError, oauthJson, preflight } from './oauth-response.js';

/** `POST /oauth/register`: dynamic client registration (RFC 7591) for MCP clients without a metadata document. */
export function mountRegistration(app: Hono<RestEnv>, services: Services): void {
  app.options('/oauth/register', (c) => preflight(c, 'POST'));
  app.post('/oauth/register', async (c) => {
    const metadata: unknown = await c.req.json().catch(() => null);
    const result = await registerClient(metadata, services);
    return result.match((registration) => oauthJson(c, 201, registration), (failure) => oauthError(c, failure));
  });
}
