import { renderHttpStatus, statusWords, type Logger } from '@condor/core';
import { sendStatusPage } from '@condor/web';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isApiPath } from './api-paths.js';
import { errorResponse, statusResponse } from './error-response.js';
import type { RestEnv } from './request-id.js';

const MAX_PATH_ECHO = 200;

/** 404 for any address without a route: an ErrorResult under the API, a page elsewhere. */
export const notFoundHandler: NotFoundHandler<RestEnv> = (c) =>
  isApiPath(c.req.path)
    ? statusResponse(404, `No endpoint ${c.req.method} ${c.req.path.slice(0, MAX_PATH_ECHO)}. The API is described at GET /openapi.json and GET /docs.`)
    : sendStatusPage(c, 404);

/** 405 for a known address called with another method, with the `Allow` header: an ErrorResult under the API, a page elsewhere. */
export function methodNotAllowedHandler(c: Context, allowed: string[]): Response {
  const allow = allowed.join(', ');
  if (!isApiPath(c.req.path)) return sendStatusPage(c, 405, { Allow: allow });
  const response = statusResponse(405, `Method ${c.req.method} is not allowed here; use ${allowed.join(' or ')}.`);
  response.headers.set('Allow', allow);
  return response;
}

/** 413 for a body over the configured limit: an ErrorResult under the API, a page elsewhere. */
export const payloadTooLarge =
  (limitBytes: number) =>
  (c: Context): Response =>
    isApiPath(c.req.path) ? statusResponse(413, `The request body is larger than the limit of ${limitBytes} bytes.`) : sendStatusPage(c, 413);

/**
 * The last resort: a bare `HTTPException` keeps its status and gets the fallback code with a
 * generic message (its own text may carry internals); anything else is logged with the request
 * id and answered with INTERNAL_ERROR, nothing of it revealed.
 */
export const errorHandler =
  (logger: Logger): ErrorHandler<RestEnv> =>
  (error, c) => {
    if (error instanceof HTTPException && error.status >= 400 && error.status < 500) {
      return statusResponse(error.status, statusWords(error.status));
    }
    logger.error('unhandled_exception', {
      request_id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path.slice(0, MAX_PATH_ECHO),
      error: error.stack ?? error.message,
    });
    if (error instanceof HTTPException) return statusResponse(error.status, statusWords(error.status));
    return errorResponse(renderHttpStatus(500));
  };
