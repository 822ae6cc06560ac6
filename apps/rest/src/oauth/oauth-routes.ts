import type { Services } from '@condor/core';
import { oauthPages } from '@condor/web';
import type { Hono } from 'hono';
import type { RestEnv } from '../rest-env.js';
import { mountOAuthMetadata } from './metadata-routes.js';
import { mountRegistration } from './register-route.js';
import { mountRevocation } from './revoke-route.js';
import { mountTokenEndpoint } from './token-route.js';

/**
 * condor's OAuth 2.1 authorization server for remote MCP clients (design §13): discovery documents, the token,
 * registration and revocation endpoints, and the people's pages — `/oauth/authorize` (login, then consent) and
 * `/oauth/connections` (see and revoke connected clients).
 *
 * @example mountOAuth(app, services) // before the app's notFound handler
 */
export function mountOAuth(app: Hono<RestEnv>, services: Services): void {
  mountOAuthMetadata(app, services);
  mountTokenEndpoint(app, services);
  mountRegistration(app, services);
  mountRevocation(app, services);
  app.route('/', oauthPages(services));
}
