import { CATALOGUE, type Logger, type Services } from '@condor/core';
import { getPath } from 'hono/utils/url';
import { logAccess } from './access-log.js';
import { API_BASE } from './api-paths.js';
import { admitBody, bodyNeedsNoRead, refusedWithClose } from './body-limit.js';
import { clientIpOf } from './client-ip.js';
import { bodyTooLarge, methodNotAllowedHere, noEndpoint, unexpectedError } from './error-handlers.js';
import { callOperation } from './operation-call.js';
import type { AddressLimit } from './rate-limit.js';
import { chooseRequestId, REQUEST_ID_HEADER, stampOnto } from './request-id.js';
import { routeTable } from './route-table.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** What the `/v1` dispatch needs besides the services. */
export interface ApiDispatchOptions {
  readonly bodyLimitBytes: number;
  readonly addressLimit: AddressLimit;
  readonly trustedProxies: number;
  /** Where each request's access line goes; null logs none. */
  readonly accessLog: Logger | null;
}

/** Answers a request under `/v1`, or returns null for any other path. */
export type ApiDispatch = (request: Request, env: unknown) => Promise<Response> | null;

const isUnderApiBase = (path: string): boolean => path.startsWith(API_BASE) && (path.length === API_BASE.length || path[API_BASE.length] === '/');

/**
 * The one dispatch step between the socket and `execute` for every path under `/v1`, in place of a chain of
 * middleware: the request id and the headers every answer carries (security headers, `X-Request-Id`,
 * `Cache-Control: no-store`, the rate-limit fields), the client address, the route, the body limit (413), the
 * per-address limit (429), then 404 or 405 with `Allow` for a path or method without a route, else the operation
 * (`callOperation`); HEAD is answered as GET without the body, anything thrown is INTERNAL_ERROR, and one access
 * line is logged. The checks run in the order the middleware ran them, so the same request meets the same refusal.
 *
 * @example app.fetch = (request, env) => dispatch(request, env) ?? routed(request, env)
 */
export function apiDispatch(services: Services, options: ApiDispatchOptions): ApiDispatch {
  const table = routeTable(CATALOGUE, API_BASE);

  async function answer(request: Request, env: unknown, path: string, requestId: string, stamp: Record<string, string>): Promise<Response> {
    const clientIp = clientIpOf(env, request.headers, options.trustedProxies);
    const route = table.match(request.method, path);
    let admitted = request;
    if (!bodyNeedsNoRead(request, env, options.bodyLimitBytes)) {
      const read = await admitBody(request, env, options.bodyLimitBytes);
      if (read === null) return refusedWithClose(stampOnto(bodyTooLarge(options.bodyLimitBytes), stamp));
      admitted = read;
    }
    const refusal = clientIp === null ? null : await options.addressLimit(clientIp, stamp);
    if (refusal !== null) return stampOnto(refusal, stamp);
    switch (route.kind) {
      case 'none':
        return stampOnto(noEndpoint(request.method, path), stamp);
      case 'not_allowed':
        return stampOnto(methodNotAllowedHere(request.method, route.allow), stamp);
      case 'found':
        return callOperation({ request: admitted, params: route.params, requestId, clientIp, stamp }, route.operation, services);
    }
  }

  async function dispatch(request: Request, env: unknown, path: string): Promise<Response> {
    const started = performance.now();
    const requestId = chooseRequestId(request.headers.get(REQUEST_ID_HEADER) ?? undefined);
    const stamp: Record<string, string> = { ...SECURITY_HEADERS, [REQUEST_ID_HEADER]: requestId, 'Cache-Control': 'no-store' };
    let response: Response;
    try {
      response = await answer(request, env, path, requestId, stamp);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      response = stampOnto(unexpectedError(services.logger, error, { requestId, method: request.method, path }), stamp);
    }
    if (options.accessLog !== null) logAccess(options.accessLog, { requestId, method: request.method, path, status: response.status, started });
    return request.method === 'HEAD' ? new Response(null, response) : response;
  }

  return (request, env) => {
    const path = getPath(request);
    return isUnderApiBase(path) ? dispatch(request, env, path) : null;
  };
}
