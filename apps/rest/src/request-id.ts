import type { MiddlewareHandler } from 'hono';
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

/** Sets every header of `stamp` on a response made without them; returns it. */
export function stampOnto(response: Response, stamp: Readonly<Record<string, string>>): Response {
  const headers = response.headers;
  for (const name in stamp) headers.set(name, stamp[name] as string);
  return response;
}

/**
 * Sets `c.var.requestId` and stamps `X-Request-Id`, the security headers and whatever later middleware adds
 * to `c.var.stamp` (rate-limit fields) on whatever response leaves the app (handlers, `notFound`, `onError`,
 * other middleware), so it must be the outermost middleware. A response marked `stamped` already carries them
 * and is passed on untouched.
 */
export const requestIdMiddleware = (): MiddlewareHandler<RestEnv> => async (c, next) => {
  const requestId = chooseRequestId(c.req.header(REQUEST_ID_HEADER));
  const stamp = baseStamp(requestId);
  c.set('requestId', requestId);
  c.set('stamp', stamp);
  await next();
  if (c.get('stamped') !== c.res) stampOnto(c.res, stamp);
};
