import type { Logger } from '@condor/core';
import { loggedPath } from './logged-path.js';
import type { Step } from './step.js';

/** What one access line says of a request, besides its status. */
export interface AccessedRequest {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  /** When the request was taken up, on the `now` clock. */
  readonly started: number;
}

/** Logs one access line: never the query string, headers or body, which may carry secrets, nor a secret-shaped path segment. */
export function logAccess(logger: Logger, request: AccessedRequest, status: number, now: () => number = performance.now.bind(performance)): void {
  logger.info('http_request', {
    request_id: request.requestId,
    method: request.method,
    path: loggedPath(request.path),
    status,
    duration_ms: Math.round((now() - request.started) * 10) / 10,
  });
}

/**
 * One access line per request, whatever answered it (`logAccess`); with no logger (it would drop info lines) the
 * step writes none.
 */
export const accessLineStep = (logger: Logger | null): Step =>
  logger === null
    ? { name: 'access line' }
    : {
        name: 'access line',
        leave: (pass, answer) => {
          logAccess(logger, pass, answer.status);
          return answer;
        },
      };
