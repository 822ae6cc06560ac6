import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

const VICTIM = 'victim@example.com';
const PASSWORD = 'the victim password';
let server: RunningServer;

/** A login from the socket's address (127.0.0.1), or from `via` as one trusted proxy reports it. */
async function login(email: string, password: string, via?: string): Promise<{ status: number; error?: string; retryAfter: string | null }> {
  const response = await fetch(`${server.baseUrl}/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(via === undefined ? {} : { 'x-forwarded-for': via }) },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { error?: string };
  return { status: response.status, ...(body.error === undefined ? {} : { error: body.error }), retryAfter: response.headers.get('retry-after') };
}

beforeAll(async () => {
  // One trusted proxy lets the attacker's addresses arrive in X-Forwarded-For; without it the server sees the socket.
  server = await startServer({ CONDOR_TRUSTED_PROXIES: '1', CONDOR_LOGIN_ACCOUNT_MAX_FAILURES: '5' });
  const registered = await fetch(`${server.baseUrl}/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: VICTIM, password: PASSWORD }),
  });
  expect(registered.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server.stop();
});

describe('login throttling in the real server process', () => {
  it('lets the victim in after 12 failed logins for random emails from the same address (issue 13, item 5)', async () => {
    for (let i = 0; i < 12; i++) {
      expect(await login(`${randomUUID()}@example.com`, 'some guessed password')).toMatchObject({ status: 401, error: 'INVALID_CREDENTIALS' });
    }
    expect(await login(VICTIM, PASSWORD)).toMatchObject({ status: 200 });
  }, 60_000);

  it('refuses the addresses of a distributed attack on the account once it is over budget, and still lets the victim in', async () => {
    for (let i = 1; i <= 5; i++) expect((await login(VICTIM, 'guess number one', `203.0.113.${String(i)}`)).status).toBe(401);
    const refused = await login(VICTIM, PASSWORD, '203.0.113.1');
    expect(refused).toMatchObject({ status: 429, error: 'RATE_LIMITED' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(850);
    expect(await login(VICTIM, PASSWORD, '198.51.100.7')).toMatchObject({ status: 200 });
    expect(await login(VICTIM, PASSWORD)).toMatchObject({ status: 200 });
  }, 60_000);
});
