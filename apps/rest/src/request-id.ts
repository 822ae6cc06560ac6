import type { MiddlewareHandler } from 'hono';

/** The Hono environment of the REST app: every handler can read the request id and the client's address. */
export interface RestEnv {
  Variables: { requestId: string; clientIp: string | null };
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

const ACCEPTABLE = /^[A-Za-z0-9._-]{1,128}$/;

/** The caller's request id when it is safe to reuse in logs and headers, otherwise a fresh UUID. */
export const chooseRequestId = (incoming: string | undefined): string =>
  incoming !== undefined && ACCEPTABLE.test(incoming) ? incoming : crypto.randomUUID();

/**
 * Sets `c.var.requestId` and stamps `X-Request-Id` on whatever response leaves the app
 * (handlers, `notFound`, `onError`, other middleware), so it must be the outermost middleware.
 */
export const requestIdMiddleware = (): MiddlewareHandler<RestEnv> => async (c, next) => {
  const requestId = chooseRequestId(c.req.header(REQUEST_ID_HEADER));
  c.set('requestId', requestId);
  await next();
  c.res.headers.set(REQUEST_ID_HEADER, requestId);
};
