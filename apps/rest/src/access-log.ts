import type { Logger } from '@condor/core';
import type { MiddlewareHandler } from 'hono';
import { loggedPath } from './logged-path.js';
import type { RestEnv } from './request-id.js';

/** What one access line says of a request. */
export interface AccessLine {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** When the request was taken up, on the `now` clock. */
  readonly started: number;
}

/** Logs one access line: never the query string, headers or body, which may carry secrets, nor a secret-shaped path segment. */
export function logAccess(logger: Logger, line: AccessLine, now: () => number = performance.now.bind(performance)): void {
  logger.info('http_request', {
    request_id: line.requestId,
    method: line.method,
    path: loggedPath(line.path),
    status: line.status,
    duration_ms: Math.round((now() - line.started) * 10) / 10,
  });
}

/** One access line per request (`logAccess`). */
export const accessLog = (logger: Logger, now: () => number = performance.now.bind(performance)): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const started = now();
    await next();
    logAccess(logger, { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, started }, now);
  };
