import { CATALOGUE, type Logger, type Services } from '@condor/core';
import { getPath } from 'hono/utils/url';
import { logAccess } from './access-log.js';
import { API_BASE } from './api-paths.js';
import { admitBody, bodyNeedsNoRead, refusedWithClose } from './body-limit.js';
import { clientIpOf } from './client-ip.js';
import { bodyTooLarge, methodNotAllowedHere, noEndpoint, unexpectedError } from './error-handlers.js';
import { callOperation } from './operation-call.js';
import type { AddressLimit } from './rate-limit.js';
import { credentialFromAuthorization } from './credential.js';
import { MCP_PATH, mcpAnswer, type McpHttpHandler } from './mcp-route.js';
import { baseStamp, chooseRequestId, REQUEST_ID_HEADER, stampOnto } from './request-id.js';
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

/** Answers a request under `/v1` (and MCP's POSTs when it serves MCP), or returns null for any other. */
export type ApiDispatch = (request: Request, env: unknown) => Promise<Response> | null;

const isUnderApiBase = (path: string): boolean => path.startsWith(API_BASE) && (path.length === API_BASE.length || path[API_BASE.length] === '/');

/**
 * The one dispatch step between the socket and `execute` for every path under `/v1`, in place of a chain of
 * middleware: the request id and the headers every answer carries (security headers, `X-Request-Id`,
 * `Cache-Control: no-store`, the rate-limit fields), the client address, the route, the body limit (413), the
 * per-address limit (429), then 404 or 405 with `Allow` for a path or method without a route, else the operation
 * (`callOperation`); HEAD is answered as GET without the body, anything thrown is INTERNAL_ERROR, and one access
 * line is logged. The checks run in the order the middleware ran them, so the same request meets the same refusal.
 * With `mcp`, a POST to `/mcp` takes the same step to the MCP handler (`mcpAnswer`), as the middleware took it.
 *
 * @example app.fetch = (request, env) => dispatch(request, env) ?? routed(request, env)
 */
export function apiDispatch(services: Services, options: ApiDispatchOptions, mcp: McpHttpHandler | null = null): ApiDispatch {
  const table = routeTable(CATALOGUE, API_BASE);

  /** The operation of a `/v1` route, or 404/405. */
  function operation(admitted: Request, path: string, call: AdmittedCall): Promise<Response> | Response {
    const route = table.match(admitted.method, path);
    switch (route.kind) {
      case 'none':
        return stampOnto(noEndpoint(admitted.method, path), call.stamp);
      case 'not_allowed':
        return stampOnto(methodNotAllowedHere(admitted.method, route.allow), call.stamp);
      case 'found':
        return callOperation({ request: admitted, params: route.params, ...call }, route.operation, services);
    }
  }

  async function answer(request: Request, env: unknown, path: string, call: Omit<AdmittedCall, 'clientIp'>, then: Inner): Promise<Response> {
    const clientIp = clientIpOf(env, request.headers, options.trustedProxies);
    let admitted = request;
    if (!bodyNeedsNoRead(request, env, options.bodyLimitBytes)) {
      const read = await admitBody(request, env, options.bodyLimitBytes);
      if (read === null) return refusedWithClose(stampOnto(bodyTooLarge(options.bodyLimitBytes), call.stamp));
      admitted = read;
    }
    const refusal = clientIp === null ? null : await options.addressLimit(clientIp, call.stamp);
    if (refusal !== null) return stampOnto(refusal, call.stamp);
    return then(admitted, path, { ...call, clientIp });
  }

  async function dispatch(request: Request, env: unknown, path: string, stampOf: (requestId: string) => Record<string, string>, then: Inner): Promise<Response> {
    const started = performance.now();
    const requestId = chooseRequestId(request.headers.get(REQUEST_ID_HEADER) ?? undefined);
    const stamp = stampOf(requestId);
    let response: Response;
    try {
      response = await answer(request, env, path, { requestId, stamp }, then);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      response = stampOnto(unexpectedError(services.logger, error, { requestId, method: request.method, path }), stamp);
    }
    if (options.accessLog !== null) logAccess(options.accessLog, { requestId, method: request.method, path, status: response.status, started });
    return request.method === 'HEAD' ? new Response(null, response) : response;
  }

  const mcpCall = mcp === null ? null : mcpStep(mcp);

  return (request, env) => {
    const path = getPath(request);
    if (isUnderApiBase(path)) return dispatch(request, env, path, apiStamp, operation);
    // MCP's POSTs (every tools/call) take the same step; its other methods (GET streams, DELETE, OPTIONS) stay with Hono.
    if (mcpCall !== null && path === MCP_PATH && request.method === 'POST') return dispatch(request, env, path, baseStamp, mcpCall);
    return null;
  };
}

/** What the step hands on with an admitted request: who asked, and the headers the answer leaves with. */
interface AdmittedCall {
  readonly requestId: string;
  readonly clientIp: string | null;
  readonly stamp: Record<string, string>;
}

type Inner = (admitted: Request, path: string, call: AdmittedCall) => Promise<Response> | Response;

/** The MCP handler behind the step, with the credential of `Authorization` (never the cookie: MCP clients are not browsers). */
const mcpStep =
  (mcp: McpHttpHandler): Inner =>
  async (admitted, _path, { requestId, clientIp, stamp }) => {
    const credential = credentialFromAuthorization(admitted.headers.get('Authorization') ?? undefined);
    return mcpAnswer(await mcp(admitted, { credential, requestId, clientIp }), stamp);
  };

/** `/v1`'s answers never go into a cache. */
const apiStamp = (requestId: string): Record<string, string> => ({ ...SECURITY_HEADERS, [REQUEST_ID_HEADER]: requestId, 'Cache-Control': 'no-store' });
