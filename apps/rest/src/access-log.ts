import type { Logger } from '@condor/core';
import type { MiddlewareHandler } from 'hono';
import { loggedPath } from './logged-path.js';
import type { RestEnv } from './request-id.js';

/** One log line per request: never the query string, headers or body, which may carry secrets, nor a secret-shaped path segment. */
export const accessLog = (logger: Logger, now: () => number = performance.now.bind(performance)): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const started = now();
    await next();
    logger.info('http_request', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: loggedPath(c.req.path),
      status: c.res.status,
      duration_ms: Math.round((now() - started) * 10) / 10,
    });
  };
