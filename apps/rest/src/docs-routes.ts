import type { Hono } from 'hono';
import { renderDocsPage } from './docs-page.js';
import { buildOpenApiDocument } from './openapi.js';
import type { RestEnv } from './request-id.js';

// The page has no scripts and loads nothing: forbid everything but its inline stylesheet.
const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** `GET /openapi.json` and `GET /docs`, both rendered once when the app is built. */
export function mountDocs(app: Hono<RestEnv>): void {
  const openapi = JSON.stringify(buildOpenApiDocument());
  const page = renderDocsPage();
  app.get('/openapi.json', (c) => c.body(openapi, 200, { 'Content-Type': 'application/json; charset=UTF-8' }));
  app.get('/docs', (c) => c.html(page, 200, { 'Content-Security-Policy': DOCS_CSP }));
}
