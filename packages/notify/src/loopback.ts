import { isIP } from 'node:net';

/**
 * Whether a URL's hostname names this machine (`localhost`, 127.0.0.0/8, `[::1]`): the only place where
 * traffic in the clear (http, plain SMTP) stays off the network.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}
