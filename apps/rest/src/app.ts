import type { RateLimitStore, Services } from '@condor/core';
import { webRoutes } from '@condor/web';
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { accessLog } from './access-log.js';
import { apiDispatch } from './api-dispatch.js';
import { bodyLimit } from './body-limit.js';
import { clientIpMiddleware } from './client-ip.js';
import { mountDocs } from './docs-routes.js';
import { errorHandler, methodNotAllowedHandler, notFoundHandler, payloadTooLarge } from './error-handlers.js';
import { answerHealthProbe, mountHealth, type ReadinessProbe } from './health.js';
import { mountMcp, type McpHttpHandler } from './mcp-route.js';
import { requestIdMiddleware, type RestEnv } from './request-id.js';
import { addressLimit, DEFAULT_RATE_LIMIT, rateLimitMiddleware, type RateLimitSettings } from './rate-limit.js';
import { mountOAuth } from './oauth/oauth-routes.js';

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
}

/** The default request body limit: 1 MiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The REST shell: one route per catalogue operation under `/v1` (`apiDispatch`), plus `/healthz`, `/readyz`,
 * `/openapi.json`, `/docs` and, optionally, `/mcp`. It only translates HTTP to `execute` and
 * back; every non-2xx body is an ErrorResult and every response carries `X-Request-Id`.
 *
 * @example serve({ fetch: createApp(services, { ready }).fetch, port: 8080 })
 */
export function createApp(services: Services, options: RestOptions = {}): Hono<RestEnv> {
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const trustedProxies = options.trustedProxies ?? 0;
  const rateLimitStore = options.rateLimitStore ?? services.rateLimits;
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const logger = options.accessLog === false ? null : services.logger;
  const app = new Hono<RestEnv>();
  app.use(requestIdMiddleware());
  if (logger !== null) app.use(accessLog(logger));
  // /readyz and HEAD /healthz are answered here (GET /healthz ahead of the router, below); other methods on them go on to method-not-allowed.
  mountHealth(app, services.logger, options.ready);
  app.use(clientIpMiddleware(trustedProxies));
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedHandler }));
  app.use(bodyLimit(limit, payloadTooLarge(limit)));
  app.use(rateLimitMiddleware(rateLimitStore, services.clock, rateLimit));
  mountDocs(app);
  app.route('/', webRoutes(services));
  mountOAuth(app, services);
  if (options.mcp !== undefined) mountMcp(app, options.mcp);
  app.notFound(notFoundHandler);
  app.onError(errorHandler(services.logger));
  const routed = app.fetch;
  // Everything under /v1, and MCP's POSTs, take one dispatch step instead of the middleware chain above, which serves the rest.
  const api = apiDispatch(services, { bodyLimitBytes: limit, addressLimit: addressLimit(rateLimitStore, services.clock, rateLimit), trustedProxies, accessLog: logger }, options.mcp ?? null);
  app.fetch = (request, env, executionCtx) => answerHealthProbe(request, logger) ?? api(request, env) ?? routed(request, env, executionCtx);
  return app;
}
