/** @condor/rest — the REST shell: HTTP in, `execute` from @condor/core, HTTP out. */
export { createApp, DEFAULT_BODY_LIMIT_BYTES, type RestApp, type RestOptions } from './app.js';
export type { McpHttpHandler } from './mcp-route.js';
export type { Readiness, ReadinessProbe } from './health.js';
export type { RestEnv } from './rest-env.js';
export type { Pass, Step } from './step.js';
export { errorResponse } from './error-response.js';
export { buildOpenApiDocument, ERROR_RESULT_SCHEMA, type OpenApiDocument } from './openapi.js';
export { renderDocsPage } from './docs-page.js';
export { SESSION_COOKIE } from './session-cookie.js';
