import type { Logger } from '@condor/core';
import { withoutLinkTokens } from '@condor/web';
import type { MiddlewareHandler } from 'hono';
import type { RestEnv } from './request-id.js';

/** One log line per request: never the query string, headers or body, which may carry secrets. */
export const accessLog = (logger: Logger, now: () => number = performance.now.bind(performance)): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const started = now();
    await next();
    logger.info('http_request', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: withoutLinkTokens(c.req.path),
      status: c.res.status,
      duration_ms: Math.round((now() - started) * 10) / 10,
    });
  };
