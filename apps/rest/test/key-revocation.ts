import { expect } from 'vitest';
import { sendJson, type RunningServer } from './server-process.js';

const PASSWORD = 'key revocation password';

/**
 * A key created and revoked on one instance is refused by another on its next request: every request looks the key
 * up in the shared database, nothing is cached per instance. Also: a read-only key researches on either instance
 * and is FORBIDDEN to propose or confirm.
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
  const refused = await sendJson(b, 'GET', '/v1/onboarding', undefined, key);
  expect([refused.status, refused.body['error'], refused.body['message']]).toEqual([401, 'SESSION_INVALID', 'The API key was revoked.']);
  expect((await sendJson(a, 'GET', '/v1/onboarding', undefined, key)).status).toBe(401);
}
