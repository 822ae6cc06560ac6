import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAlpaca } from './local-alpaca.js';
import { startServer, type RunningServer, sendJson, type JsonAnswer } from './server-process.js';

/**
 * Issue 27, item 3: PostgreSQL goes down and comes back during a burst of confirms spread across two instances.
 * The test runs a PostgreSQL cluster of its own (scripts/postgres-cluster.sh), so stopping it disturbs no other
 * suite. Orders are on their way to a (fake) Alpaca that answers late when the database stops: their outcomes
 * cannot be recorded. Meanwhile the instances answer 5xx ErrorResults, never hang; once the database is back they
 * serve again without a restart, and confirming every proposal again places each exactly once. The person prices on
 * their own Alpaca market: the fake's Market Data API, serving the simulated market.
 */

const execFileAsync = promisify(execFile);
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const CLUSTER_SCRIPT = join(REPO_ROOT, 'scripts/postgres-cluster.sh');
const PASSWORD = 'postgres restart password';

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set (PostgreSQL is installed then).
describe('PostgreSQL restarted during a burst of confirms across two instances', () => {
  const local = localAlpaca('2026-02-10T15:00:00Z');
  const alpaca = local.trading;
  // Straight under the temporary folder: the cluster's owner (not root) must reach it; the script creates it.
  const clusterDir = join(tmpdir(), `condor-pg-restart-${randomUUID()}`);
  let databaseUrl = '';
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;

  /** pg_ctl on the test's own cluster, as its owner (the script's rule: the server never runs as root). */
  async function pgCtl(...args: string[]): Promise<void> {
    const bin = (await execFileAsync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true'])).stdout.trim();
    const pgCtlPath = bin === '' ? 'pg_ctl' : join(bin, 'pg_ctl');
    const command = process.getuid?.() === 0 ? ['runuser', '-u', 'condor-pg', '--', pgCtlPath] : [pgCtlPath];
    const [file, ...rest] = command as [string, ...string[]];
    await execFileAsync(file, [...rest, '-D', join(clusterDir, 'data'), ...args], { timeout: 60_000 });
  }

  const stopDatabase = () => pgCtl('-m', 'fast', '-w', 'stop');
  const startDatabase = () => {
    const port = new URL(databaseUrl).port;
    // The options scripts/postgres-cluster.sh starts the cluster with.
    const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories='${clusterDir}' -c max_connections=300 -c fsync=off -c full_page_writes=off`;
    return pgCtl('-l', join(clusterDir, 'server.log'), '-w', '-t', '60', '-o', options, 'start');
  };

  beforeAll(async () => {
    alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
    await execFileAsync(CLUSTER_SCRIPT, ['start', clusterDir], { timeout: 120_000 });
    databaseUrl = readFileSync(join(clusterDir, 'url'), 'utf8').trim();
    const env = {
      DATABASE_URL: databaseUrl,
      CONDOR_SIGNING_KEY: 'c'.repeat(64),
      CONDOR_SECRET_KEY: Buffer.alloc(32, 5).toString('base64'),
      CONDOR_APPROVAL: 'confirm',
      ...(await local.start()),
      CONDOR_RATE_LIMIT: '100000',
    };
    // One at a time: both would run the migrations on an empty database at once.
    a = await startServer(env);
    b = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    try {
      await Promise.allSettled([a?.stop(), b?.stop(), local.stop()]);
    } finally {
      await execFileAsync(CLUSTER_SCRIPT, ['stop', clusterDir], { timeout: 60_000 }).catch(() => undefined);
    }
  }, 60_000);

  const send = (server: RunningServer | undefined, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<JsonAnswer> =>
    sendJson(server, method, path, body, token, headers);
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  const ordersAtAlpaca = (clientOrderId: string) =>
    alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders' && (r.body as { client_order_id?: string } | null)?.client_order_id === clientOrderId);

  async function trader(email: string): Promise<string> {
    await send(a, 'POST', '/v1/users', { email, password: PASSWORD });
    const token = (await send(b, 'POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send(a, 'GET', `/v1/legal-documents/${name}`, undefined, token);
    await send(b, 'POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send(a, 'POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await send(b, 'POST', '/v1/broker/keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, broker: 'alpaca', environment: 'paper' }, token);
    const linked = await send(a, 'POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'alpaca' }, token);
    expect(linked.body['link']).toMatchObject({ broker: 'alpaca', connected: true });
    return token;
  }

  /** `count` entry proposals of candidates that share no leg (a confirm refuses legs another placement holds). */
  async function proposals(token: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    const taken = new Set<string>();
    for (const ticker of ['QQQ', 'DIA']) {
      for (const [from, to] of [[20, 44], [45, 69], [70, 120]] as const) {
        if (ids.length >= count) break;
        const found = await send(a, 'POST', '/v1/iron-condors/search', { ticker, top_k: 10, dte_min: from, dte_max: to }, token);
        for (const candidate of (found.body['candidates'] as unknown[] | undefined) ?? []) {
          const legs = Object.values((candidate as { legs: Record<string, { occ_symbol: string }> }).legs).map((leg) => leg.occ_symbol);
          if (ids.length >= count || legs.some((symbol) => taken.has(symbol))) continue;
          const proposed = await send(ids.length % 2 === 0 ? a : b, 'POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': `turn-${String(ids.length)}` });
          expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
          legs.forEach((symbol) => taken.add(symbol));
          ids.push(proposed.body['proposal_id'] as string);
        }
      }
    }
    expect(ids).toHaveLength(count);
    expect(local.data.requestsBy('default', '/v1beta1/options/snapshots/').length).toBeGreaterThan(0);
    return ids;
  }

  /** A failure while the database is away: a 5xx ErrorResult that says something, and nothing of the internals. */
  const expectOutageAnswer = (answer: JsonAnswer): void => {
    const text = JSON.stringify(answer.body);
    expect(answer.status, text).toBe(503);
    expect(answer.body['error'], text).toBe('SERVICE_UNAVAILABLE');
    expect(answer.body['message'], text).toMatch(/\w+ \w+ \w+/);
    expect(text).not.toMatch(/ECONNREFUSED|postgres|57P0|\.ts:\d+|\n\s+at /i);
  };

  it('loses no order and places none twice; answers 5xx while the database is away and serves again once it is back', async () => {
    const token = await trader('pg-restart@example.com');
    const ids = await proposals(token, 8);
    await pause(5_100);

    // Alpaca answers each order late: the database goes away while the orders are on their way.
    ids.forEach(() => {
      alpaca.delayNext('POST', 1_500);
    });
    const confirm = (id: string, server: RunningServer | undefined) =>
      send(server, 'POST', `/v1/proposals/${id}/confirmation`, {}, token).then(
        (answer) => ({ id, answer }),
        (error: unknown) => ({ id, answer: null, error }),
      );
    const burstAt = Date.now();
    const burst = ids.flatMap((id, i) => [confirm(id, i % 2 === 0 ? a : b), confirm(id, i % 2 === 0 ? b : a)]);
    for (let waited = 0; ids.some((id) => ordersAtAlpaca(id).length === 0) && waited < 5_000; waited += 20) await pause(20);
    await stopDatabase();

    // While it is away: every request is answered, with a 5xx ErrorResult.
    const during = await Promise.all([
      ...ids.slice(0, 4).map((id, i) => confirm(id, i % 2 === 0 ? a : b)),
      send(a, 'GET', `/v1/proposals/${ids[0] ?? ''}`, undefined, token).then((answer) => ({ id: 'read', answer })),
      send(b, 'POST', '/v1/sessions', { email: 'pg-restart@example.com', password: PASSWORD }).then((answer) => ({ id: 'login', answer })),
    ]);
    for (const { answer } of during) expectOutageAnswer(answer as JsonAnswer);
    for (const server of [a, b]) expect((await fetch(`${server?.baseUrl ?? ''}/readyz`)).status).toBe(503);

    // The orders' answers come while the database is still away: their outcomes cannot be recorded.
    const settled = await Promise.all(burst);
    await startDatabase();
    for (const { id, answer } of settled) {
      expect(answer, id).not.toBeNull();
      if (answer === null) continue;
      // Placed; refused as consumed by its twin; or cut off by the outage.
      if (answer.status === 200) continue;
      if (answer.status === 409) expect(answer.body['error']).toBe('PROPOSAL_ALREADY_CONSUMED');
      else expectOutageAnswer(answer);
    }
    for (const id of ids) expect(ordersAtAlpaca(id).length, id).toBeLessThanOrEqual(1);

    // Back without a restart: both instances serve again.
    for (const server of [a, b]) {
      for (let tries = 0; (await fetch(`${server?.baseUrl ?? ''}/readyz`)).status !== 200; tries++) {
        expect(tries).toBeLessThan(100);
        await pause(100);
      }
      expect((await send(server, 'GET', '/v1/subscription', undefined, token)).status).toBe(200);
    }

    // Past the submit grace, every proposal confirmed once more: placed now if it never was, else found at the broker.
    await pause(Math.max(0, burstAt + 16_000 - Date.now()));
    for (const [i, id] of ids.entries()) {
      const again = await send(i % 2 === 0 ? b : a, 'POST', `/v1/proposals/${id}/confirmation`, {}, token);
      expect([200, 409], JSON.stringify(again.body)).toContain(again.status);
      if (again.status === 409) expect(again.body['error']).toBe('PROPOSAL_ALREADY_CONSUMED');
    }
    for (const id of ids) {
      expect(ordersAtAlpaca(id), `orders sent for ${id}`).toHaveLength(1);
      expect((await send(a, 'GET', `/v1/proposals/${id}`, undefined, token)).body, id).toMatchObject({ status: 'confirmed', order_id: expect.any(String) as unknown });
    }
  }, 90_000);
});
