import { describe, expect, it } from 'vitest';
import { clientIpOf } from './client-ip.js';

const headers = (forwardedFor?: string): Headers => new Headers(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor });
const fromSocket = { incoming: { socket: { remoteAddress: '192.0.2.1' } } };

describe('clientIpOf', () => {
  it('is the peer address, or null without a socket', () => {
    expect(clientIpOf(fromSocket, headers('203.0.113.9'), 0)).toBe('192.0.2.1');
    for (const env of [undefined, null, {}, { incoming: undefined }, { incoming: {} }]) expect(clientIpOf(env, headers(), 0)).toBeNull();
  });

  it('behind trusted proxies, counts X-Forwarded-For from the right, else falls back to its first entry or the peer', () => {
    expect(clientIpOf(fromSocket, headers('198.51.100.7, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientIpOf(fromSocket, headers('198.51.100.7, 203.0.113.9'), 2)).toBe('198.51.100.7');
    expect(clientIpOf(fromSocket, headers('198.51.100.7'), 3)).toBe('198.51.100.7');
    expect(clientIpOf(fromSocket, headers(' , '), 1)).toBe('192.0.2.1');
  });
});
