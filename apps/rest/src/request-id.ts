import type { Context, MiddlewareHandler } from 'hono';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * The Hono environment of the REST app: every handler can read the request id and the client's address;
 * `stamp` holds the headers every response of the request leaves with (see `requestIdMiddleware`).
 */
export interface RestEnv {
  Variables: { requestId: string; clientIp: string | null; stamp: Record<string, string>; stamped: Response };
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

const ACCEPTABLE = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is safe to reuse in logs and headers, otherwise a fresh UUID. */
export const chooseRequestId = (incoming: string | undefined): string =>
  incoming !== undefined && ACCEPTABLE.test(incoming) ? incoming : crypto.randomUUID();

/** The headers every response carries before any middleware adds its own: the security headers and the request id. */
export const baseStamp = (requestId: string): Record<string, string> => ({ ...SECURITY_HEADERS, [REQUEST_ID_HEADER]: requestId });

/**
 * Sets `c.var.requestId` and stamps `X-Request-Id`, the security headers and whatever later middleware adds
 * to `c.var.stamp` (rate-limit fields, `Cache-Control`) on whatever response leaves the app (handlers,
 * `notFound`, `onError`, other middleware), so it must be the outermost middleware. A response made by
 * `stampedJson` (or marked `stamped` as it does) already carries them and is passed on untouched.
 */
export const requestIdMiddleware = (): MiddlewareHandler<RestEnv> => async (c, next) => {
  const requestId = chooseRequestId(c.req.header(REQUEST_ID_HEADER));
  const stamp = baseStamp(requestId);
  c.set('requestId', requestId);
  c.set('stamp', stamp);
  await next();
  const response = c.res;
  if (c.get('stamped') === response) return;
  const headers = response.headers;
  for (const name in stamp) headers.set(name, stamp[name] as string);
};

/**
 * A JSON response that carries the request's stamped headers from the start: a plain header record lets
 * @hono/node-server write the head directly instead of building and sorting a `Headers` object.
 */
export function stampedJson(c: Context<RestEnv>, body: string, status: 200): Response {
  const response = new Response(body, { status, headers: { 'Content-Type': 'application/json', ...c.get('stamp') } });
  c.set('stamped', response);
  return response;
}
