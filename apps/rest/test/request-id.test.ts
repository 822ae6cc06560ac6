import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../src/security-headers.js';
import { EMAIL, harness, loggedIn, PASSWORD } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('is on every response: success, domain error, 404, 405, 413, 415, docs and health', async () => {
    const h = harness({ bodyLimitBytes: 256 });
    const { response: login } = await loggedIn(h);
    const responses = [
      login,
      await h.send('POST', '/v1/sessions', { email: EMAIL, password: 'wrong password' }),
      await h.send('GET', '/nowhere'),
      await h.send('PATCH', '/v1/users'),
      await h.send('POST', '/v1/users', { email: EMAIL, password: 'p'.repeat(300) }),
      await h.app.request('/v1/users', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }),
      await h.send('GET', '/healthz'),
      await h.send('GET', '/readyz'),
      await h.send('GET', '/openapi.json'),
      await h.send('GET', '/docs'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 405, 413, 415, 200, 200, 200, 200]);
    for (const response of responses) expect(response.headers.get('x-request-id')).toMatch(UUID);
    for (const response of responses) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
    }
    for (const i of [0, 1, 3, 4, 5]) expect(responses[i]?.headers.get('cache-control'), String(i)).toBe('no-store');
  });

  it('comes with the security headers and Cache-Control on a read answered without session effects', async () => {
    const h = harness();
    const { access } = await loggedIn(h);
    const read = await h.send('GET', '/v1/subscription', undefined, { authorization: `Bearer ${access}` });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-request-id')).toMatch(UUID);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.headers.get('content-type')).toBe('application/json');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(read.headers.get(name), name).toBe(value);
  });

  it('reuses a well-formed incoming id and replaces anything else', async () => {
    const h = harness();
    const echo = async (id: string) =>
      (await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD }, { 'x-request-id': id })).headers.get('x-request-id');
    expect(await echo('client-42.retry_1')).toBe('client-42.retry_1');
    expect(await echo('a'.repeat(128))).toBe('a'.repeat(128));
    expect(await echo('a'.repeat(129))).toMatch(UUID);
    expect(await echo('evil\tid')).toMatch(UUID);
    expect(await echo('x y')).toMatch(UUID);
  });

  it('is a new one for every request', async () => {
    const h = harness();
    const [a, b] = await Promise.all([h.send('GET', '/healthz'), h.send('GET', '/healthz')]);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});
