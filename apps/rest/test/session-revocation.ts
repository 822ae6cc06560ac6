import { expect } from 'vitest';
import { refusedWithinBound } from './refused-within.js';
import { sendJson, type RunningServer } from './server-process.js';

const PASSWORD = 'session revocation password';

/**
 * An access token whose session ends on instance `a` (logout) is refused by `a` on the very next request and by `b`
 * within the documented bound, though both had just accepted it (and so hold it in their authentication caches).
 */
export async function logoutAcrossInstances(a: RunningServer, b: RunningServer, email: string): Promise<void> {
  expect((await sendJson(a, 'POST', '/v1/users', { email, password: PASSWORD })).status).toBe(200);
  const token = String((await sendJson(b, 'POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token']);
  for (const server of [a, b, a, b]) expect((await sendJson(server, 'GET', '/v1/subscription', undefined, token)).status).toBe(200);

  expect((await sendJson(a, 'DELETE', '/v1/sessions/current', undefined, token)).status).toBe(200);
  const here = await sendJson(a, 'GET', '/v1/subscription', undefined, token);
  expect([here.status, here.body['error']]).toEqual([401, 'SESSION_INVALID']);
  expect(String((await refusedWithinBound(b, '/v1/subscription', token))['message'])).toContain('logged out or revoked');
}
