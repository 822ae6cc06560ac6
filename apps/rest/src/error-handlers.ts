import { renderHttpStatus, statusWords, type Logger } from '@condor/core';
import { sendStatusPage } from '@condor/web';
import { Context, type ErrorHandler, type NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isApiPath } from './api-paths.js';
import { errorResponse, statusResponse } from './error-response.js';
import type { RestEnv } from './rest-env.js';

const MAX_PATH_ECHO = 200;

/** The API's 404: an ErrorResult naming the method and (the start of) the path. */
export const noEndpoint = (method: string, path: string): Response =>
  statusResponse(404, `No endpoint ${method} ${path.slice(0, MAX_PATH_ECHO)}. The API is described at GET /openapi.json and GET /docs.`);

/** The API's 405, with the `Allow` header. */
export function methodNotAllowedHere(method: string, allowed: readonly string[]): Response {
  const response = statusResponse(405, `Method ${method} is not allowed here; use ${allowed.join(' or ')}.`);
  response.headers.set('Allow', allowed.join(', '));
  return response;
}

/** The API's 413. */
export const bodyTooLarge = (limitBytes: number): Response => statusResponse(413, `The request body is larger than the limit of ${limitBytes} bytes.`);

/** 404 for any address without a route: an ErrorResult under the API, a page elsewhere. */
export const notFoundHandler: NotFoundHandler<RestEnv> = (c) => (isApiPath(c.req.path) ? noEndpoint(c.req.method, c.req.path) : sendStatusPage(c, 404));

/** 405 for a known address called with another method, with the `Allow` header: an ErrorResult under the API, a page elsewhere. */
export function methodNotAllowedHandler(c: Context, allowed: string[]): Response {
  return isApiPath(c.req.path) ? methodNotAllowedHere(c.req.method, allowed) : sendStatusPage(c, 405, { Allow: allowed.join(', ') });
}

/** A Hono context for a page answered outside Hono's app (the pages render through `c.html`). */
const contextOf = (request: Request, path: string): Context => new Context(request, { env: undefined, path });

/** 413 for a body over the configured limit: an ErrorResult under the API, a page elsewhere. */
export const payloadTooLarge =
  (limitBytes: number) =>
  (request: Request, path: string): Response =>
    isApiPath(path) ? bodyTooLarge(limitBytes) : sendStatusPage(contextOf(request, path), 413);

/** `methodNotAllowedHandler` for an address outside Hono that answers GET (and HEAD) only. */
export const onlyGetHere = (request: Request, path: string): Response => methodNotAllowedHandler(contextOf(request, path), ['GET', 'HEAD']);

/** The request an error escaped from, for its log line. */
export interface FailedRequest {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
}

/**
 * The last resort: a bare `HTTPException` keeps its status and gets the fallback code with a
 * generic message (its own text may carry internals); anything else is logged with the request
 * id and answered with INTERNAL_ERROR, nothing of it revealed.
 */
export function unexpectedError(logger: Logger, error: Error, request: FailedRequest): Response {
  if (error instanceof HTTPException && error.status >= 400 && error.status < 500) {
    return statusResponse(error.status, statusWords(error.status));
  }
  logger.error('unhandled_exception', {
    request_id: request.requestId,
    method: request.method,
    path: request.path.slice(0, MAX_PATH_ECHO),
    error: error.stack ?? error.message,
  });
  if (error instanceof HTTPException) return statusResponse(error.status, statusWords(error.status));
  return errorResponse(renderHttpStatus(500));
}

/** `unexpectedError` as Hono's error handler. */
export const errorHandler =
  (logger: Logger): ErrorHandler<RestEnv> =>
  (error, c) =>
    unexpectedError(logger, error, { requestId: c.get('requestId'), method: c.req.method, path: c.req.path });
