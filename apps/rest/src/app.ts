import type { RateLimitStore, Services } from '@condor/core';
import type { Hono } from 'hono';
import { mergePath } from 'hono/utils/url';
import { apiRoute } from './api-route.js';
import { docsRoutes } from './docs-routes.js';
import { HEALTH_PATH, healthRoute, READY_PATH, readyRoute, type ReadinessProbe } from './health.js';
import { mcpRoute, type McpHttpHandler } from './mcp-route.js';
import { pagesApp } from './pages.js';
import { addressLimit, DEFAULT_RATE_LIMIT, type RateLimitSettings } from './rate-limit.js';
import { requestSteps, serveThrough, type Serve } from './request-steps.js';
import type { RestEnv } from './rest-env.js';
import type { Step } from './step.js';

/** How the process entry point tailors the REST app. */
export interface RestOptions {
  /** Serves MCP (Streamable HTTP) at `/mcp` when given. */
  readonly mcp?: McpHttpHandler;
  /** Backs `GET /readyz`; without it the app reports ready. */
  readonly ready?: ReadinessProbe;
  /** Largest accepted request body; default 1 MiB. */
  readonly bodyLimitBytes?: number;
  /** The per-IP request limit; default 300 per 60 s. */
  readonly rateLimit?: RateLimitSettings;
  /** Where the per-IP limit counts; default `services.rateLimits`. */
  readonly rateLimitStore?: RateLimitStore;
  /** How many reverse proxies in front of the app may be trusted to append to X-Forwarded-For; default 0. */
  readonly trustedProxies?: number;
  /** Whether to log each request (`http_request`, level info); default true. Off when the logger drops info lines. */
  readonly accessLog?: boolean;
  /** Changes the list of steps every request goes through (tests add one); default the list as `requestSteps` makes it. */
  readonly steps?: (list: readonly Step[]) => readonly Step[];
}

/** The REST app: `fetch` for the server, `request` for a path or URL in-process (as Hono's `app.request`). */
export interface RestApp {
  readonly fetch: Serve;
  readonly request: (input: string | URL | Request, init?: RequestInit, env?: unknown) => Response | Promise<Response>;
  /** Adds a GET route to Hono's app, behind the steps like every route there (tests add failing ones). */
  readonly get: Hono<RestEnv>['get'];
}

/** The default request body limit: 1 MiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The REST shell: every request goes through one list of steps (`request-steps.ts`) to its route — one per catalogue
 * operation under `/v1`, `/healthz`, `/readyz`, `/openapi.json`, `/docs`, optionally `/mcp`, and Hono's pages and
 * OAuth. It only translates HTTP to `execute` and back; every non-2xx body under the API is an ErrorResult and
 * every response carries `X-Request-Id`.
 *
 * @example createHttpServer(createApp(services, { ready }).fetch, { logger, hostname })
 */
export function createApp(services: Services, options: RestOptions = {}): RestApp {
  const pages = pagesApp(services);
  const steps = requestSteps({
    trustedProxies: options.trustedProxies ?? 0,
    bodyLimitBytes: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    addressLimit: addressLimit(options.rateLimitStore ?? services.rateLimits, services.clock, options.rateLimit ?? DEFAULT_RATE_LIMIT),
    routes: {
      api: apiRoute(services),
      mcp: options.mcp === undefined ? null : mcpRoute(options.mcp),
      fixed: new Map([[HEALTH_PATH, healthRoute], [READY_PATH, readyRoute(services.logger, options.ready)], ...docsRoutes()]),
      pages: (pass) => pages.fetch(pass.request, pass),
    },
    accessLog: options.accessLog === false ? null : services.logger,
  });
  const fetch = serveThrough(options.steps === undefined ? steps : options.steps(steps), services.logger);
  return { fetch, request: (input, init, env) => fetch(requestOf(input, init), env), get: pages.get };
}

/** A request for a path (on `http://localhost`), a URL, or a request with other options, as Hono's `app.request` makes it. */
function requestOf(input: string | URL | Request, init: RequestInit | undefined): Request {
  if (input instanceof Request) return init === undefined ? input : new Request(input, init);
  const text = input.toString();
  return new Request(/^https?:\/\//.test(text) ? text : `http://localhost${mergePath('/', text)}`, init);
}
