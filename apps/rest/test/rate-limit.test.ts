import { ERROR_RESULT_KEYS } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { SECURITY_HEADERS } from '../src/security-headers.js';

/** The node-server bindings `getConnInfo` reads the peer address from. */
const fromSocket = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 50_000, remoteFamily: 'IPv4' } } });

describe('per-IP rate limit (RATE_LIMITED)', () => {
  it('admits `limit` requests per window, then answers 429 with Retry-After and the RateLimit fields', async () => {
    const services = createTestServices();
    const app = createApp(services, { rateLimit: { limit: 3, windowSeconds: 60 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request('/openapi.json', {}, fromSocket('203.0.113.7'))).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await app.request('/v1/subscription', {}, fromSocket('203.0.113.7'));
    const body = (await refused.json()) as Record<string, unknown>;
    expect(refused.status).toBe(429);
    expect(body.error).toBe('RATE_LIMITED');
    expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('ratelimit-policy')).toBe('"per-ip";q=3;w=60');
    expect(refused.headers.get('ratelimit')).toBe('"per-ip";r=0;t=60');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect(refused.headers.get('cache-control')).toBe('no-store');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(refused.headers.get(name), name).toBe(value);
  });

  it('counts each address separately and opens a new window when the old one ends', async () => {
    const services = createTestServices();
    const app = createApp(services, { rateLimit: { limit: 1, windowSeconds: 10 } });
    expect((await app.request('/openapi.json', {}, fromSocket('198.51.100.1'))).status).toBe(200);
    expect((await app.request('/openapi.json', {}, fromSocket('198.51.100.2'))).status).toBe(200);
    expect((await app.request('/openapi.json', {}, fromSocket('198.51.100.1'))).status).toBe(429);
    services.clock.advance(10_000);
    const again = await app.request('/openapi.json', {}, fromSocket('198.51.100.1'));
    expect([again.status, again.headers.get('ratelimit')]).toEqual([200, '"per-ip";r=0;t=10']);
  });

  it('leaves the health probes alone', async () => {
    const app = createApp(createTestServices(), { rateLimit: { limit: 1, windowSeconds: 60 } });
    for (let i = 0; i < 3; i++) expect((await app.request('/healthz', {}, fromSocket('192.0.2.1'))).status).toBe(200);
  });
});

describe('client address', () => {
  const limitedTo1 = (trustedProxies: number) =>
    createApp(createTestServices(), { rateLimit: { limit: 1, windowSeconds: 60 }, trustedProxies });

  it('ignores X-Forwarded-For unless proxies are trusted: a client cannot dodge the limit by forging it', async () => {
    const app = limitedTo1(0);
    await app.request('/openapi.json', { headers: { 'x-forwarded-for': '1.1.1.1' } }, fromSocket('192.0.2.9'));
    const second = await app.request('/openapi.json', { headers: { 'x-forwarded-for': '2.2.2.2' } }, fromSocket('192.0.2.9'));
    expect(second.status).toBe(429);
  });

  it('behind one trusted proxy, takes the address that proxy appended (rightmost), not the forged ones', async () => {
    const app = limitedTo1(1);
    const proxy = fromSocket('10.0.0.1');
    expect((await app.request('/openapi.json', { headers: { 'x-forwarded-for': 'forged, 203.0.113.50' } }, proxy)).status).toBe(200);
    expect((await app.request('/openapi.json', { headers: { 'x-forwarded-for': 'other, 203.0.113.50' } }, proxy)).status).toBe(429);
    expect((await app.request('/openapi.json', { headers: { 'x-forwarded-for': '203.0.113.51' } }, proxy)).status).toBe(200);
  });
});
