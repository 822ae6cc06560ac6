import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FREE_QUOTAS } from '@condor/core';
import type { Broker, BrokerOrder, Brokers, Services } from '@condor/core';
import {
  migrateToLatest,
  openSqlite,
  SqlApiKeyStore,
  SqlSingleUseLinkStore,
  SqlBrokerLinkStore,
  SqlBrowserSessionStore,
  SqlOnboardingStore,
  SqlPositionStore,
  SqlProposalStore,
  SqlQuotaStore,
  SqlRateLimitStore,
  SqlSavedStrategyStore,
  SqlSessionStore,
  SqlStrategyRunStore,
  SqlSubscriptionStore,
  SqlUserStore,
} from '@condor/store-sql';
import { Sha256Digest } from '@condor/runtime';
import { AGENT_CONFIRMS, createTestServices, FakeClock } from '@condor/testkit';
import { SIMULATED_NOTICE, SimBrokers, SimMarketData } from '../../../packages/broker-sim/src/index.js';
import { MemoryPaperLedger } from '../../../packages/broker-sim/src/memory-paper-ledger.js';
import { createApp } from '../src/index.js';

/**
 * Issue 27, item 3: the disk under the SQLite file is full. SQLite's `max_page_count` (a setting of the one
 * connection the stores share) caps the file at the pages it has, so every write that needs a page more fails
 * with SQLITE_FULL, as on a full disk. The app runs in-process on a SQLite file; the (simulated) broker keeps its
 * book in memory, as a real broker would keep it elsewhere. A write refused for want of space answers a clear
 * error and leaves nothing half-written: once there is room again, the same proposal is placed exactly once.
 */

const PASSWORD = 'disk full password';
const SIM_START = Date.UTC(2026, 1, 10, 15);
const NO_LIMIT = 1_073_741_823;

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Counts the orders each submit placed at the broker. */
class CountingBrokers implements Brokers {
  readonly placed: BrokerOrder[] = [];
  readonly available: Brokers['available'];
  constructor(private readonly inner: Brokers) {
    this.available = inner.available;
  }
  open(access: Parameters<Brokers['open']>[0]): Broker {
    const broker = this.inner.open(access);
    return {
      verify: () => broker.verify(),
      positions: () => broker.positions(),
      orders: (which) => broker.orders(which),
      submit: (order) => broker.submit(order).map((placed) => (this.placed.push(placed), placed)),
      orderByClientId: (id) => broker.orderByClientId(id),
      cancel: (id) => broker.cancel(id),
      replace: (replacement) => broker.replace(replacement),
    };
  }
}

describe('the SQLite file’s disk is full', () => {
  const folder = mkdtempSync(join(tmpdir(), 'condor-disk-full-'));
  const db = openSqlite(join(folder, 'condor.db'));
  const clock = new FakeClock(SIM_START);
  const market = new SimMarketData(clock, 1, { session: 'exchange' });
  const base = createTestServices({
    clock,
    market,
    marketNotice: SIMULATED_NOTICE,
    config: { ...AGENT_CONFIRMS, accessTokenTtlSeconds: 24 * 3600, freeQuotas: { ...DEFAULT_FREE_QUOTAS, find_iron_condors: 1_000 } },
  });
  const brokers = new CountingBrokers(new SimBrokers(market, clock, base.ids, { ledger: new MemoryPaperLedger(), requestsPerMinute: 1_000_000 }));
  const services: Services = {
    ...base,
    digest: new Sha256Digest(),
    users: new SqlUserStore(db),
    sessions: new SqlSessionStore(db),
    onboarding: new SqlOnboardingStore(db),
    subscriptions: new SqlSubscriptionStore(db),
    quotas: new SqlQuotaStore(db),
    rateLimits: new SqlRateLimitStore(db),
    strategyRuns: new SqlStrategyRunStore(db),
    savedStrategies: new SqlSavedStrategyStore(db),
    brokerLinks: new SqlBrokerLinkStore(db),
    proposals: new SqlProposalStore(db),
    singleUseLinks: new SqlSingleUseLinkStore(db),
    browserSessions: new SqlBrowserSessionStore(db),
    apiKeys: new SqlApiKeyStore(db),
    positions: new SqlPositionStore(db),
    brokers,
  };
  const app = createApp(services, { accessLog: false, rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
  let token = '';

  const send = async (method: string, path: string, body?: unknown, batch?: string): Promise<Answer> => {
    const response = await app.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === '' ? {} : { authorization: `Bearer ${token}` }),
        ...(batch === undefined ? {} : { 'x-batch-id': batch }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** One statement on the stores' connection (kysely's CompiledQuery.raw, built here: apps/rest does not depend on kysely). */
  const pragma = async (text: string): Promise<Record<string, unknown>[]> => {
    const query = { sql: text, parameters: [], query: { kind: 'RawNode', sqlFragments: [text], parameters: [] }, queryId: { queryId: 'disk-full' } };
    return (await db.executeQuery(query as unknown as Parameters<typeof db.executeQuery>[0])).rows as Record<string, unknown>[];
  };

  /** Caps the file at the pages it has now (the disk is full), or lifts the cap (room again). */
  const diskFull = async (full: boolean): Promise<void> => {
    const pages = full ? Number((await pragma('PRAGMA page_count'))[0]?.['page_count']) : NO_LIMIT;
    await pragma(`PRAGMA max_page_count = ${String(pages)}`);
  };

  /** A refusal for want of space: a 5xx ErrorResult that says something, and nothing of the internals. */
  const expectClearRefusal = (answer: Answer): void => {
    const text = JSON.stringify(answer.body);
    expect(answer.status, text).toBe(503);
    expect(answer.body['error'], text).toBe('SERVICE_UNAVAILABLE');
    expect(answer.body['message'], text).toMatch(/\w+ \w+ \w+/);
    expect(text).not.toMatch(/SQLITE|better-sqlite3|\.ts:\d+|\n\s+at /i);
  };

  beforeAll(async () => {
    await migrateToLatest(db);
    const email = 'disk-full@example.com';
    expect((await send('POST', '/v1/users', { email, password: PASSWORD })).status).toBe(200);
    token = (await send('POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`);
    await send('POST', '/v1/onboarding/eua-acceptance', {});
    await send('POST', '/v1/onboarding/risk-acknowledgement', {});
    const connected = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' });
    expect(connected.status, JSON.stringify([connected.body, base.logger.lines])).toBe(200);
  }, 30_000);

  afterAll(async () => {
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a registration with a clear error and no half-made user', async () => {
    const saved = token;
    token = '';
    try {
      await diskFull(true);
      // Registrations fill the last free room of the pages there are, until one needs a page more.
      let refused: { email: string; answer: Answer } | null = null;
      for (let i = 0; i < 500 && refused === null; i++) {
        const email = `filler-${String(i)}@example.com`;
        const answer = await send('POST', '/v1/users', { email, password: PASSWORD });
        if (answer.status !== 200) refused = { email, answer };
      }
      expect(refused).not.toBeNull();
      expectClearRefusal(refused?.answer as Answer);
      await diskFull(false);
      // No half-made user: the address is free, and registers and logs in as any other.
      const email = refused?.email ?? '';
      expect((await send('POST', '/v1/sessions', { email, password: PASSWORD })).status).toBe(401);
      expect((await send('POST', '/v1/users', { email, password: PASSWORD })).status).toBe(200);
      expect((await send('POST', '/v1/sessions', { email, password: PASSWORD })).status).toBe(200);
    } finally {
      token = saved;
      await diskFull(false);
    }
  });

  it('refuses proposals with a clear error; once there is room, a proposal is confirmed and placed exactly once', async () => {
    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 3, dte_min: 20, dte_max: 60 });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const [candidate] = found.body['candidates'] as unknown[];

    await diskFull(true);
    const refusals: Answer[] = [];
    // Fill the last free room of the pages there are: some proposal then needs a page more.
    for (let i = 0; i < 200 && refusals.length === 0; i++) {
      const answer = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, `full-${String(i)}`);
      if (answer.status !== 200) refusals.push(answer);
    }
    expect(refusals).toHaveLength(1);
    expectClearRefusal(refusals[0] as Answer);
    await diskFull(false);

    const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, 'room-again');
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const proposalId = proposed.body['proposal_id'] as string;
    clock.advance(5_100);
    const confirmed = await send('POST', `/v1/proposals/${proposalId}/confirmation`, {});
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(brokers.placed.filter((o) => o.clientOrderId === proposalId)).toHaveLength(1);
  });

  it('a confirm that meets a full disk answers a clear error; once there is room, its proposal is placed exactly once and recorded', async () => {
    // Candidates that share no leg (a confirm refuses legs another placement holds), each proposed in its own batch.
    const proposals: string[] = [];
    const taken = new Set<string>();
    for (const ticker of ['QQQ', 'IWM', 'DIA', 'AAPL']) {
      for (const [from, to] of [[20, 44], [45, 69], [70, 120]] as const) {
        const found = await send('POST', '/v1/iron-condors/search', { ticker, top_k: 10, dte_min: from, dte_max: to });
        for (const candidate of (found.body['candidates'] as unknown[] | undefined) ?? []) {
          const legs = Object.values((candidate as { legs: Record<string, { occ_symbol: string }> }).legs).map((leg) => leg.occ_symbol);
          if (legs.some((symbol) => taken.has(symbol))) continue;
          const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, `confirm-${String(proposals.length)}`);
          if (proposed.status !== 200) continue;
          legs.forEach((symbol) => taken.add(symbol));
          proposals.push(proposed.body['proposal_id'] as string);
        }
      }
    }
    expect(proposals.length).toBeGreaterThanOrEqual(10);
    clock.advance(5_100);

    await diskFull(true);
    // Confirms fill the last free room of the pages there are, until one needs a page more.
    let refused: { proposalId: string; answer: Answer } | null = null;
    for (const proposalId of proposals) {
      const answer = await send('POST', `/v1/proposals/${proposalId}/confirmation`, {});
      if (answer.status === 200) continue;
      refused = { proposalId, answer };
      break;
    }
    await diskFull(false);
    expect(refused, 'every confirm fitted in the pages there were').not.toBeNull();
    const proposalId = refused?.proposalId ?? '';
    expectClearRefusal(refused?.answer as Answer);
    expect(brokers.placed.filter((o) => o.clientOrderId === proposalId).length).toBeLessThanOrEqual(1);

    // Room again, past the submit grace: confirming again places it if it never was, or finds and records its order.
    clock.advance(16_000);
    const again = await send('POST', `/v1/proposals/${proposalId}/confirmation`, {});
    expect([200, 409], JSON.stringify(again.body)).toContain(again.status);
    if (again.status === 409) expect(again.body['error']).toBe('PROPOSAL_ALREADY_CONSUMED');
    const orders = brokers.placed.filter((o) => o.clientOrderId === proposalId);
    expect(orders).toHaveLength(1);
    const shown = (await send('GET', `/v1/proposals/${proposalId}`)).body;
    expect(shown).toMatchObject({ status: 'confirmed', order_id: orders[0]?.id });
    // The position it opens is in line with the broker's fill, not left 'opening'.
    const listed = (await send('GET', '/v1/positions?include_closed=true')).body['positions'] as { position_id: string; status: string }[];
    expect(listed.find((p) => p.position_id === shown['position_id'])?.status).toBe('open');
  });
});
