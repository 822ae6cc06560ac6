import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAlpaca } from './local-alpaca.js';
import { freshPostgresDatabase, TEST_DATABASE_URL } from '../../../packages/store-sql/test/fresh-postgres-database.js';
import type { Era } from '../../mcp/test/support.js';
import { startServer, type RunningServer } from './server-process.js';
import {
  connectAlpaca,
  connectSim,
  leftoverExit,
  leftoverRoll,
  mcpCall,
  newTrader,
  overlappingEntries,
  racingEntries,
  racingExits,
  restCall,
  type Call,
  type Outcome,
  type World,
} from './stale-proposals-support.js';

/**
 * Issue 33 on two server processes over one PostgreSQL database, CONDOR_APPROVAL=confirm: every proposal is made
 * on one instance and confirmed on the other. REST users trade at one (fake) Alpaca paper account, each on its own
 * underlying; MCP users on the simulated paper broker, whose accounts both instances share through the database.
 */

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set.
if (TEST_DATABASE_URL === null) throw new Error('stale-proposals-instances.pg.test.ts needs CONDOR_TEST_DATABASE_URL');
const serverUrl: string = TEST_DATABASE_URL;

// The Alpaca user prices on their own Alpaca market: the fake's, rendering the simulated market on the servers' clock.
const local = localAlpaca('2026-02-10T15:00:00Z');
const alpaca = local.trading;
let database: { url: string; drop: () => Promise<void> };
const servers: RunningServer[] = [];
let a = undefined as unknown as RunningServer;
let b = undefined as unknown as RunningServer;

beforeAll(async () => {
  alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
  database = await freshPostgresDatabase(serverUrl);
  const env = {
    DATABASE_URL: database.url,
    CONDOR_SIGNING_KEY: 'c'.repeat(64),
    CONDOR_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    CONDOR_APPROVAL: 'confirm',
    // Both instances on one shifted clock: a Tuesday morning on the simulated market, whenever the test runs.
    ...(await local.start()),
    CONDOR_SIM_SESSION: 'exchange',
    CONDOR_RATE_LIMIT: '100000',
  };
  const started = await Promise.allSettled([startServer(env), startServer(env)]);
  for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  [a, b] = servers as [RunningServer, RunningServer];
}, 90_000);

afterAll(async () => {
  try {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await local.stop();
  } finally {
    await database.drop();
  }
}, 30_000);

/** A REST user at the fake Alpaca, proposing on instance a and confirming on instance b. */
async function restWorld(email: string, ticker: string): Promise<{ world: World; onA: Call; onB: Call }> {
  const token = await newTrader(email, a.baseUrl, b.baseUrl, connectAlpaca(alpaca.apiKey, alpaca.apiSecret));
  const [onA, onB] = [restCall(a.baseUrl, token), restCall(b.baseUrl, token)];
  return { world: { propose: onA, confirm: onB, ticker }, onA, onB };
}

/** Orders the fake Alpaca was sent under a proposal's client order ids (a two-step roll's step 2 included). */
const sentFor = (proposalId: string) =>
  alpaca.requests.filter((r) => {
    if (r.method !== 'POST' || r.path !== '/v2/orders') return false;
    const id = (r.body as { client_order_id?: string }).client_order_id;
    return id === proposalId || id === `${proposalId}-2`;
  });

/** At Alpaca's end: each placed proposal sent one order, each refused one none at all. */
function expectSent({ placed, refused }: Outcome): void {
  for (const id of placed) expect(sentFor(id), id).toHaveLength(1);
  for (const id of refused) expect(sentFor(id), id).toEqual([]);
}

/** An MCP user of `era` on the simulated broker: one client on instance a proposes, another on b confirms. */
async function overMcp(email: string, ticker: string, era: Era, body: (world: World, readers: Call[]) => Promise<Outcome>): Promise<void> {
  const token = await newTrader(email, b.baseUrl, a.baseUrl, connectSim);
  const [onA, onB] = await Promise.all([mcpCall(a.baseUrl, token, era), mcpCall(b.baseUrl, token, era)]);
  try {
    await body({ propose: onA.call, confirm: onB.call, ticker }, [onA.call, onB.call]);
  } finally {
    await Promise.all([onA.close(), onB.close()]);
  }
}

describe.concurrent('a confirm re-checks what its proposal acts on (issue 33), two instances over PostgreSQL', () => {
  it('REST: overlapping entries proposed on one instance, confirmed on the other', async () => {
    const { world } = await restWorld('overlap-rest@example.com', 'SPY');
    expectSent(await overlappingEntries(world));
  }, 60_000);

  it('REST: a leftover exit, void on both instances, places nothing, also once the same strikes are held again', async () => {
    const { world, onA, onB } = await restWorld('exit-rest@example.com', 'QQQ');
    expectSent(await leftoverExit(world, [onA, onB]));
  }, 90_000);

  it('REST: a leftover roll places nothing when the same strikes are held again', async () => {
    const { world, onA, onB } = await restWorld('roll-rest@example.com', 'IWM');
    expectSent(await leftoverRoll(world, [onA, onB]));
  }, 90_000);

  it('REST: six confirms racing on one candidate’s legs across both instances place one order', async () => {
    const { world, onA, onB } = await restWorld('race-entries-rest@example.com', 'DIA');
    expectSent(await racingEntries(world, 6, [onA, onB], [onB, onA]));
  }, 60_000);

  it('REST: two exits and a roll of one position confirmed at once across both instances place one order', async () => {
    const { world, onA, onB } = await restWorld('race-exits-rest@example.com', 'GLD');
    expectSent(await racingExits(world, [onA, onB], [onB, onA], true));
  }, 60_000);

  it('MCP (modern era): overlapping entries', async () => {
    await overMcp('overlap-modern@example.com', 'SPY', 'modern', (world) => overlappingEntries(world));
  }, 60_000);

  it('MCP (modern era): a leftover exit', async () => {
    await overMcp('exit-modern@example.com', 'QQQ', 'modern', (world, readers) => leftoverExit(world, readers));
  }, 90_000);

  it('MCP (modern era): a leftover roll', async () => {
    await overMcp('roll-modern@example.com', 'IWM', 'modern', (world, readers) => leftoverRoll(world, readers));
  }, 90_000);

  it('MCP (legacy era): overlapping entries', async () => {
    await overMcp('overlap-legacy@example.com', 'SPY', 'legacy', (world) => overlappingEntries(world));
  }, 60_000);
});
