import { renderDocsPage } from './docs-page.js';
import { buildOpenApiDocument } from './openapi.js';
import type { Route } from './step.js';

// The page has no scripts and loads nothing: forbid everything but its inline stylesheet.
const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** `GET /openapi.json` and `GET /docs` by their addresses, both rendered once when the app is built. */
export function docsRoutes(): [string, Route][] {
  const openapi = JSON.stringify(buildOpenApiDocument());
  const page = renderDocsPage();
  return [
    ['/openapi.json', () => new Response(openapi, { status: 200, headers: { 'Content-Type': 'application/json; charset=UTF-8' } })],
    ['/docs', () => new Response(page, { status: 200, headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Content-Security-Policy': DOCS_CSP } })],
  ];
}
