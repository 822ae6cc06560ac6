import { FixtureMarketData, MonitorWorld, type MonitorLevel } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { News } from '../notifications/news.js';
import type { NewsStore } from '../ports/news-store.js';
import { monitorOwner, newAlertNews, type OwnerRound } from './monitor.js';

const ALICE = '0a11ce00-0000-4000-8000-000000000001';
const BOB = '0b0b0000-0000-4000-8000-000000000002';
const NOBODY = new Set<string>();

const roundOf = (world: MonitorWorld, ownerId: string, told: ReadonlySet<string> = NOBODY): Promise<OwnerRound> =>
  monitorOwner(ownerId, told, world.services).match(
    (round) => round,
    (never) => never,
  );

/** Every news the store holds for the person, oldest first. */
const stored = async (world: MonitorWorld, ownerId: string): Promise<News[]> => (await world.services.news.recent(ownerId, 100)).map((told) => told.news).reverse();

/** A world where Alice (linked to the simulated broker) holds one condor at `level`. */
async function alicesCondor(level: MonitorLevel) {
  const world = new MonitorWorld();
  await world.link(ALICE);
  const position = await world.open(ALICE, level);
  return { world, position };
}

/** The news store, counting the news offered to it. */
function counting(store: NewsStore): NewsStore & { offered: string[] } {
  const offered: string[] = [];
  return Object.assign(Object.create(store) as NewsStore, {
    offered,
    add: (news: News) => {
      offered.push(news.key);
      return store.add(news);
    },
  });
}

describe('the position monitor, one person at a time', () => {
  it('stores a position alert the first time it appears, with the words and link the person is told', async () => {
    const { world, position } = await alicesCondor('take_profit');
    const round = await roundOf(world, ALICE);
    const key = `alert:${position.id}:take_profit`;
    expect(round).toEqual({ ownerId: ALICE, status: 'checked', checked: [position.id], alerts: [key], added: [key], detail: null });
    expect(await stored(world, ALICE)).toEqual([
      expect.objectContaining({ ownerId: ALICE, kind: 'position_alert', key, topic: `position:${position.id}`, title: 'SPY: Take profit', path: '/', urgency: 'normal' }),
    ]);
  });

  it('adds nothing on the next round, whether or not it remembers what it told', async () => {
    const { world, position } = await alicesCondor('stop_loss');
    const first = await roundOf(world, ALICE);
    world.clock.advance(120_000);
    expect(await roundOf(world, ALICE)).toMatchObject({ status: 'checked', alerts: first.alerts, added: [] });
    const news = counting(world.services.news);
    const remembering = await monitorOwner(ALICE, new Set(first.alerts), { ...world.services, news }).match((r) => r, (n) => n);
    expect(remembering).toMatchObject({ status: 'checked', alerts: [`alert:${position.id}:stop_loss`], added: [] });
    expect(news.offered).toEqual([]);
    expect(await stored(world, ALICE)).toHaveLength(1);
  });

  it('never tells an alert again that cleared and came back, while a new rule on the same position is told', async () => {
    const { world, position } = await alicesCondor('take_profit');
    await roundOf(world, ALICE);
    world.setLevel(position, 'calm');
    expect(await roundOf(world, ALICE)).toMatchObject({ status: 'checked', alerts: [], added: [] });
    world.setLevel(position, 'take_profit');
    expect(await roundOf(world, ALICE)).toMatchObject({ alerts: [`alert:${position.id}:take_profit`], added: [] });
    world.setLevel(position, 'stop_loss');
    expect(await roundOf(world, ALICE)).toMatchObject({ added: [`alert:${position.id}:stop_loss`] });
    expect((await stored(world, ALICE)).map((n) => n.key)).toEqual([`alert:${position.id}:take_profit`, `alert:${position.id}:stop_loss`]);
  });

  it('skips a person whose broker link is not connected, opening no broker', async () => {
    const world = new MonitorWorld();
    await world.link(ALICE, 'sim', false);
    await world.open(ALICE, 'stop_loss');
    expect(await roundOf(world, ALICE)).toMatchObject({ status: 'skipped', checked: [], added: [], detail: 'No broker account is connected.' });
    expect(await roundOf(world, BOB)).toMatchObject({ status: 'skipped' });
    expect(world.brokers.opened).toEqual([]);
    expect(await stored(world, ALICE)).toEqual([]);
  });

  it("says and logs a person's broker failure, and the next person's round goes on", async () => {
    const world = new MonitorWorld();
    await world.link(ALICE);
    await world.link(BOB);
    await world.open(ALICE, 'stop_loss');
    const bobs = await world.open(BOB, 'stop_loss');
    world.brokers.rateLimit(ALICE, 5, 30);
    const alice = await roundOf(world, ALICE);
    expect(alice).toMatchObject({ ownerId: ALICE, status: 'failed', added: [] });
    expect(alice.detail).toEqual(expect.any(String));
    expect(world.services.logger.lines).toEqual([{ level: 'warn', event: 'position_monitor_failed', fields: { user_id: ALICE, error: 'BROKER_RATE_LIMITED', detail: alice.detail } }]);
    expect(await roundOf(world, BOB)).toMatchObject({ status: 'checked', added: [`alert:${bobs.id}:stop_loss`] });
    expect(await stored(world, ALICE)).toEqual([]);
  });

  it('turns a store that throws into a failed round, never a rejection', async () => {
    const { world } = await alicesCondor('take_profit');
    const news: NewsStore = { ...world.services.news, add: () => Promise.reject(new Error('database down')) };
    const round = await monitorOwner(ALICE, NOBODY, { ...world.services, news }).match((r) => r, (n) => n);
    expect(round).toMatchObject({ status: 'failed', added: [], detail: 'database down' });
    expect(world.services.logger.lines).toEqual([{ level: 'warn', event: 'position_monitor_failed', fields: { user_id: ALICE, error: 'thrown', detail: 'database down' } }]);
  });

  it("prices on the person's market: a person linked to the simulated broker is marked on the simulated market", async () => {
    // The deployment's market has SPY far from every strike; the simulated one has it at the short put.
    const simulated = new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 301.9, ask: 302.1, last: 302, time: 0 } } });
    const world = new MonitorWorld({ simulatedMarket: { data: simulated, notice: 'Simulated prices.' } });
    await world.link(ALICE);
    const position = await world.open(ALICE, 'calm');
    const round = await roundOf(world, ALICE);
    expect(round.alerts).toEqual([`alert:${position.id}:short_strike_tested`]);
    expect((await stored(world, ALICE))[0]?.body).toContain('SPY at 302.00');
    const onDeployment = new MonitorWorld();
    await onDeployment.link(ALICE);
    await onDeployment.open(ALICE, 'calm');
    expect((await roundOf(onDeployment, ALICE)).alerts).toEqual([]);
  });
});

describe('newAlertNews', () => {
  const news = (key: string): News => ({ id: key, ownerId: ALICE, kind: 'position_alert', key, topic: 't', title: 't', body: 'b', path: '/', createdAt: 0, expiresAt: 1, urgency: 'normal' });

  it('offers each key once, leaving out the keys already seen stored', () => {
    const fresh = newAlertNews([news('a'), news('b'), news('a'), news('c')], new Set(['b']));
    expect(fresh.map((n) => n.key)).toEqual(['a', 'c']);
    expect(newAlertNews([news('a')], new Set(['a']))).toEqual([]);
  });
});
