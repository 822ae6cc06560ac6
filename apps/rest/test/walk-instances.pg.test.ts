import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../../packages/store-sql/test/fresh-postgres-database.js';
import { localAlpaca } from './local-alpaca.js';
import { onboardedTrader } from './onboarded-trader.js';
import { sendJson, startServer, type JsonAnswer, type RunningServer } from './server-process.js';

/**
 * Issue 28 on two instances and one PostgreSQL database: both run a walker that looks for due walks twice a second,
 * and a walk's lease lets exactly one of them act on it at a time — every step is sent once, in order, whichever
 * instance sends it. The band is priced on the person's own Alpaca market: the fake's Market Data API.
 */

const PASSWORD = 'walk instances password';
const SIM_START = '2026-02-10T15:00:00Z';

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set.
if (TEST_DATABASE_URL === null) throw new Error('walk-instances.pg.test.ts needs CONDOR_TEST_DATABASE_URL');
const serverUrl: string = TEST_DATABASE_URL;

describe('a working order walked by two instances on one PostgreSQL', () => {
  const local = localAlpaca(SIM_START);
  const alpaca = local.trading;
  let database: { url: string; drop: () => Promise<void> };
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase(serverUrl);
    const env = {
      DATABASE_URL: database.url,
      CONDOR_SIGNING_KEY: 'c'.repeat(64),
      CONDOR_SECRET_KEY: Buffer.alloc(32, 5).toString('base64'),
      CONDOR_APPROVAL: 'confirm',
      ...(await local.start()),
      CONDOR_RATE_LIMIT: '100000',
    };
    const started = await Promise.allSettled([startServer(env), startServer(env)]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }, 90_000);

  afterAll(async () => {
    try {
      await Promise.allSettled(servers.map((server) => server.stop()));
      await local.stop();
    } finally {
      await database.drop();
    }
  }, 30_000);

  const send = (index: number, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<JsonAnswer> =>
    sendJson(servers[index], method, path, body, token, headers);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const clientIds = (method: string) => alpaca.requests.filter((r) => r.method === method && r.path.startsWith('/v2/orders')).map((r) => (r.body as { client_order_id?: string }).client_order_id);

  it('sends every step once, in order, and fills at the last price', async () => {
    let turn = 0;
    const alternating = (method: string, path: string, body?: unknown, token?: string) => send(turn++ % 2, method, path, body, token);
    const token = await onboardedTrader(alternating, 'walk-two@example.com', PASSWORD, { broker: 'alpaca', apiKey: alpaca.apiKey, apiSecret: alpaca.apiSecret });
    const found = await send(1, 'POST', '/v1/iron-condors/search', { ticker: 'QQQ', top_k: 1, dte_min: 20, dte_max: 60 }, token);
    const [candidate] = found.body['candidates'] as unknown[];
    expect(local.data.requestsBy('default', '/v1beta1/options/snapshots/QQQ')).not.toHaveLength(0);
    const proposed = await send(0, 'POST', '/v1/proposals/entries', { candidate, qty: 1, pricing: { mode: 'fast' } }, token, { 'x-batch-id': 'walk-two' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposalId = proposed.body['proposal_id'] as string;
    const positionId = proposed.body['position_id'] as string;
    const steps = ((proposed.body['details'] as Record<string, unknown>)['pricing'] as { steps: number[] }).steps;
    expect(steps).toHaveLength(3);
    alpaca.fillAtOrAbove = steps[2]!;
    await pause(5_100);
    expect((await send(1, 'POST', `/v1/proposals/${proposalId}/confirmation`, {}, token)).body).toMatchObject({ order_status: 'accepted' });

    let position: Record<string, unknown> | undefined;
    for (let waited = 0; position?.['status'] !== 'open' && waited < 40_000; waited += 250) {
      await pause(250);
      position = ((await send(waited % 2, 'GET', `/v1/positions?position_id=${positionId}`, undefined, token)).body['positions'] as Record<string, unknown>[] | undefined)?.[0];
    }
    expect(position).toMatchObject({ status: 'open', entry_credit: -steps[2]! });
    expect(clientIds('POST')).toEqual([proposalId]);
    expect(clientIds('PATCH')).toEqual([`${proposalId}-s1`, `${proposalId}-s2`]);
    expect(clientIds('DELETE')).toEqual([]);
  }, 90_000);
});
