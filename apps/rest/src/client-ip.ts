import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { RestEnv } from './request-id.js';

/**
 * Sets `c.var.clientIp`: the socket's peer address, or — only behind `trustedProxies` proxies — the
 * address the outermost trusted proxy saw, counted from the right of `X-Forwarded-For` (entries
 * further left are the client's own claims and can be forged).
 */
export const clientIpMiddleware = (trustedProxies: number): MiddlewareHandler<RestEnv> => async (c, next) => {
  c.set('clientIp', clientIpOf(c, trustedProxies));
  await next();
};

export function clientIpOf(c: Context, trustedProxies: number): string | null {
  const peer = socketAddress(c);
  if (trustedProxies === 0) return peer;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return forwarded[forwarded.length - trustedProxies] ?? forwarded[0] ?? peer;
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return null;
  }
}
