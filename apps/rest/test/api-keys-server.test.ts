import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revocationAcrossInstances } from './key-revocation.js';
import { freshDataDir, sendJson, startServer, type RunningServer } from './server-process.js';
import { logoutAcrossInstances } from './session-revocation.js';

/** API keys against the real server process (as `pnpm start` runs it), on the simulated market in its open hours. */

const PASSWORD = 'api keys server password';
const ENV = { CONDOR_SIM_START: '2026-02-10T15:00:00Z', CONDOR_RATE_LIMIT: '100000' };

describe('two server processes on one SQLite file', () => {
  const dataDir = freshDataDir();
  let a = undefined as unknown as RunningServer;
  let b = undefined as unknown as RunningServer;
  beforeAll(async () => {
    // One after the other: the second finds the migrations done.
    a = await startServer(ENV, { dataDir });
    b = await startServer(ENV, { dataDir });
  }, 90_000);
  afterAll(async () => {
    await Promise.allSettled([a, b].filter((server): server is RunningServer => (server as RunningServer | undefined) !== undefined).map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuse a key revoked on one: that one on its next request, the other within the documented bound', async () => {
    await revocationAcrossInstances(a, b, 'two-sqlite@example.com');
  }, 60_000);

  it('refuse an access token logged out on one: that one on its next request, the other within the documented bound', async () => {
    await logoutAcrossInstances(a, b, 'logout-sqlite@example.com');
  }, 60_000);
});

describe('the approval boundary and secrecy, with a key of every scope', () => {
  let server = undefined as unknown as RunningServer;
  beforeAll(async () => {
    server = await startServer(ENV);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
  });

  it('under the default policy, confirm_proposal with a key holding trade is CONFIRM_BLOCKED and places nothing; the key is in no later answer, log line or database text', async () => {
    const send = (method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) => sendJson(server, method, path, body, token, headers);
    await send('POST', '/v1/users', { email: 'all-scopes@example.com', password: PASSWORD });
    const session = String((await send('POST', '/v1/sessions', { email: 'all-scopes@example.com', password: PASSWORD })).body['access_token']);
    const created = await send('POST', '/v1/api-keys', { name: 'everything', scopes: ['read', 'propose', 'trade'] }, session);
    const key = String(created.body['api_key']);
    const answers: unknown[] = [];
    const keyed = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const answer = await send(method, path, body, key, headers);
      answers.push(answer.body);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      return answer;
    };
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await keyed('GET', `/v1/legal-documents/${name}`);
    await keyed('POST', '/v1/onboarding/eua-acceptance', {});
    await keyed('POST', '/v1/onboarding/risk-acknowledgement', {});
    await keyed('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' });
    const found = await keyed('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 });
    const [candidate] = found.body['candidates'] as unknown[];
    const proposal = await keyed('POST', '/v1/proposals/entries', { candidate, qty: 1 }, { 'x-batch-id': 'turn-1' });
    expect(proposal.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const confirm = await keyed('POST', `/v1/proposals/${String(proposal.body['proposal_id'])}/confirmation`, {}, { 'x-batch-id': 'turn-2' });
    expect([confirm.status, confirm.body['error']]).toEqual([422, 'CONFIRM_BLOCKED']);
    expect(confirm.body['message']).toContain(`${server.baseUrl}/approve/`);
    const orders = await keyed('POST', '/v1/positions/actions', { action: 'orders' });
    expect(orders.body['orders']).toEqual([]);
    await keyed('GET', '/v1/api-keys');
    await keyed('POST', '/v1/api-keys', { name: 'child', scopes: ['read'] });

    const files = ['condor.db', 'condor.db-wal'].map((f) => join(server.dataDir, f)).filter((f) => existsSync(f));
    const database = files.map((f) => readFileSync(f).toString('latin1')).join('');
    expect(database).toContain('api_keys');
    for (const [what, text] of [['answers', JSON.stringify(answers)], ['logs', server.logs.join('\n')], ['database', database]] as const) {
      expect([what, text.includes(key)]).toEqual([what, false]);
    }
  }, 60_000);
});
