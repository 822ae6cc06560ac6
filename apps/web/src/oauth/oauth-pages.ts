import type { Services } from '@condor/core';
import { Hono } from 'hono';
import type { WebEnv } from '../shared/web-env.js';
import { mountAuthorize } from './authorize-route.js';
import { mountConnections } from './connections-route.js';

/**
 * The people's side of condor's OAuth authorization server, as a Hono app to mount at `/`: `/oauth/authorize`
 * (login, consent) and `/oauth/connections` (connected clients). Only the browser session opens them.
 *
 * @example app.route('/', oauthPages(services))
 */
export function oauthPages(services: Services): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  mountAuthorize(app, services);
  mountConnections(app, services);
  return app;
}
