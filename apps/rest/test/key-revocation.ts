import { expect } from 'vitest';
import { refusedWithinBound } from './refused-within.js';
import { sendJson, type RunningServer } from './server-process.js';

const PASSWORD = 'key revocation password';

/**
 * A key revoked on one instance is refused by that instance on its next request, and by another within the documented
 * bound (each instance keeps what it read about a key for AUTH_CACHE_TTL_MS). Also: a read-only key researches on
 * either instance and is FORBIDDEN to propose or confirm.
 */
export async function revocationAcrossInstances(a: RunningServer, b: RunningServer, email: string): Promise<void> {
  expect((await sendJson(a, 'POST', '/v1/users', { email, password: PASSWORD })).status).toBe(200);
  const session = String((await sendJson(b, 'POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token']);
  const created = await sendJson(a, 'POST', '/v1/api-keys', { name: 'agent', scopes: ['read'] }, session);
  const key = String(created.body['api_key']);
  const id = (created.body['key'] as { api_key_id: string }).api_key_id;

  const research = await sendJson(b, 'POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 }, key);
  expect(research.status, JSON.stringify(research.body)).toBe(200);
  const [candidate] = research.body['candidates'] as unknown[];
  const propose = await sendJson(a, 'POST', '/v1/proposals/entries', { candidate, qty: 1 }, key);
  expect([propose.status, propose.body['error']]).toEqual([403, 'FORBIDDEN']);
  const confirm = await sendJson(b, 'POST', '/v1/proposals/7a1f8a4e-3b2c-4d6e-8f90-123456789abc/confirmation', {}, key);
  expect([confirm.status, confirm.body['error']]).toEqual([403, 'FORBIDDEN']);

  expect((await sendJson(b, 'GET', '/v1/onboarding', undefined, key)).status).toBe(200);
  expect((await sendJson(a, 'DELETE', `/v1/api-keys/${id}`, undefined, session)).status).toBe(200);
  const here = await sendJson(a, 'GET', '/v1/onboarding', undefined, key);
  expect([here.status, here.body['error'], here.body['message']]).toEqual([401, 'SESSION_INVALID', 'The API key was revoked.']);
  expect((await refusedWithinBound(b, '/v1/onboarding', key))['message']).toBe('The API key was revoked.');
}
