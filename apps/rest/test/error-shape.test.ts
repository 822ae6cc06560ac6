import { ERROR_RESULT_KEYS } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { EMAIL, harness, loggedIn } from './helpers.js';

describe('every non-2xx body of the API is exactly an ErrorResult', () => {
  it('across domain errors and every HTTP-level failure', async () => {
    const h = harness({ bodyLimitBytes: 512, ready: () => Promise.resolve({ ok: false, checks: { db: 'down' } }) });
    const { cookie } = await loggedIn(h);
    const raw = (path: string, init: RequestInit) => Promise.resolve(h.app.request(path, init));
    const responses = await Promise.all([
      h.send('POST', '/v1/users', { email: 'not-an-email', password: 'x' }),
      h.send('POST', '/v1/users', { email: EMAIL, password: 'long enough password' }),
      h.send('POST', '/v1/users', { email: EMAIL, password: 'long enough password', extra: 1 }),
      h.send('POST', '/v1/sessions', { email: EMAIL, password: 'wrong' }),
      h.send('POST', '/v1/sessions/refresh', { refresh_token: 'made-up' }),
      h.send('DELETE', '/v1/sessions/current'),
      h.send('DELETE', '/v1/sessions/current', undefined, { authorization: 'Token x' }),
      h.send('DELETE', '/v1/sessions/current', undefined, { cookie, origin: 'https://evil.example' }),
      // An unknown address outside the API answers a page (page-errors.test.ts); under it, an ErrorResult.
      h.send('GET', '/.well-known/nothing-here'),
      h.send('GET', '/v1'),
      h.send('OPTIONS', '/v1/users'),
      h.send('POST', '/v1/users', { pad: 'x'.repeat(600) }),
      raw('/v1/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      raw('/v1/users', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }),
      h.send('GET', '/readyz'),
    ]);
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
      expect(typeof body.error).toBe('string');
      expect(typeof body.message).toBe('string');
      expect(typeof body.tier_upgrade_hint).toBe('boolean');
    }
  });
});
