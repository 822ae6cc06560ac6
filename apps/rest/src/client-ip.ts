import type { IncomingMessage } from 'node:http';
import type { Step } from './step.js';

/** Finds the client's address (`clientIpOf`) for the steps and routes after it; never refuses. */
export const clientAddressStep = (trustedProxies: number): Step => ({
  name: 'client address',
  enter: (pass) => {
    pass.clientIp = clientIpOf(pass.env, pass.request.headers, trustedProxies);
    return null;
  },
});

/**
 * The client's address: the socket's peer address, or — only behind `trustedProxies` proxies — the address the
 * outermost trusted proxy saw, counted from the right of `X-Forwarded-For` (entries further left are the client's
 * own claims and can be forged). `env` is the app's bindings (@hono/node-server's carry Node's request); without a
 * socket (in-process requests) the peer is null.
 */
export function clientIpOf(env: unknown, headers: Headers, trustedProxies: number): string | null {
  const peer = socketAddress(env);
  if (trustedProxies === 0) return peer;
  const forwarded = (headers.get('X-Forwarded-For') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return forwarded[forwarded.length - trustedProxies] ?? forwarded[0] ?? peer;
}

function socketAddress(env: unknown): string | null {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  const incoming = env.incoming as { readonly socket?: Partial<IncomingMessage['socket']> } | undefined;
  return incoming?.socket?.remoteAddress ?? null;
}
