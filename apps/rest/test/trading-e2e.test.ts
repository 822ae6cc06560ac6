import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

/**
 * Trading against the real server process, its SQLite file and the simulated paper broker, with the
 * clock started on a Tuesday morning so the simulated market is open whenever the test runs.
 */

const PASSWORD = 'trading e2e password';
const API_KEY = 'PKTESTKEY1234567890AB';
const API_SECRET = 'secret-e2e-9f8e7d6c5b4a39281706';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ CONDOR_SIM_START: '2026-02-10T15:00:00Z' });
}, 60_000);

afterAll(async () => {
  await server.stop();
});

const send = (method: string, path: string, body: unknown, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function onboardedTrader(email: string): Promise<string> {
  await send('POST', '/v1/users', { email, password: PASSWORD }, null);
  const { access_token: token } = (await (await send('POST', '/v1/sessions', { email, password: PASSWORD }, null)).json()) as { access_token: string };
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
  await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
  await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
  return token;
}

describe('trading on the real server', () => {
  it('confirms one proposal exactly once under 50 parallel HTTP confirms', async () => {
    const token = await onboardedTrader('racer@example.com');
    const connected = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token);
    expect(connected.status).toBe(200);
    const found = (await (await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 50 }, token)).json()) as {
      candidates: unknown[];
    };
    expect(found.candidates).toHaveLength(1);
    const proposed = await send('POST', '/v1/proposals/entries', { candidate: found.candidates[0], qty: 1 }, token, { 'x-batch-id': 'turn-1' });
    const proposal = (await proposed.json()) as { proposal_id: string; limit_price: number; confirmable_at: string };
    expect([proposed.status, proposal.limit_price < 0]).toEqual([200, true]);

    const blocked = await send('POST', `/v1/proposals/${proposal.proposal_id}/confirmation`, {}, token, { 'x-batch-id': 'turn-1' });
    expect(((await blocked.json()) as { error: string }).error).toBe('CONFIRM_BLOCKED');
    await new Promise((resolve) => setTimeout(resolve, 5_100));

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => send('POST', `/v1/proposals/${proposal.proposal_id}/confirmation`, {}, token)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { error?: string; order_id?: string }[];
    const placed = bodies.find((b) => b.order_id !== undefined);
    expect(bodies.filter((b) => b.error === 'PROPOSAL_ALREADY_CONSUMED')).toHaveLength(49);
    const shown = (await (await send('GET', `/v1/proposals/${proposal.proposal_id}`, undefined, token)).json()) as { status: string; order_id: string };
    expect(shown).toMatchObject({ status: 'confirmed', order_id: placed?.order_id });
  }, 60_000);

  it('never shows, logs or stores a broker secret in plain text', async () => {
    const token = await onboardedTrader('keys@example.com');
    const stored = await send('POST', '/v1/broker/keys', { api_key: API_KEY, api_secret: API_SECRET, broker: 'alpaca', environment: 'paper' }, token);
    const text = await stored.text();
    expect(stored.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ link: { key_hint: '…90AB', connected: false } });
    const refused = await send('POST', '/v1/broker/keys', { api_key: API_KEY, api_secret: '' }, token);
    const refusedText = await refused.text();
    expect(((JSON.parse(refusedText) as { error: string }).error)).toBe('MISSING_API_SECRET');
    for (const answer of [text, refusedText]) {
      expect(answer).not.toContain(API_KEY);
      expect(answer).not.toContain(API_SECRET);
    }
    const files = ['condor.db', 'condor.db-wal'].map((f) => join(server.dataDir, f)).filter((f) => existsSync(f));
    const database = files.map((f) => readFileSync(f).toString('latin1')).join('');
    expect(database).toContain('broker_links');
    expect(database).not.toContain(API_KEY);
    expect(database).not.toContain(API_SECRET);
    expect(server.logs.join('\n')).not.toContain(API_SECRET);
    expect(server.logs.join('\n')).not.toContain(API_KEY);
  });
});
