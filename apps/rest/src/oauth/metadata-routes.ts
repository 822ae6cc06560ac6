import { authorizationServerMetadata, protectedResourceMetadata, type Services } from '@condor/core';
import type { Hono } from 'hono';
import type { RestEnv } from '../rest-env.js';
import { oauthJson, preflight } from './oauth-response.js';

/**
 * The discovery documents: RFC 8414 authorization-server metadata, and RFC 9728 protected-resource metadata of
 * `/mcp` at both the path-suffixed address (what `WWW-Authenticate` names) and the root one older clients try.
 */
export function mountOAuthMetadata(app: Hono<RestEnv>, services: Services): void {
  app.get('/.well-known/oauth-authorization-server', (c) => oauthJson(c, 200, authorizationServerMetadata(services)));
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    app.get(path, (c) => oauthJson(c, 200, protectedResourceMetadata(services)));
    app.options(path, (c) => preflight(c, 'GET'));
  }
  app.options('/.well-known/oauth-authorization-server', (c) => preflight(c, 'GET'));
}
