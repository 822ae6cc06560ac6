import type { BrokerLinkStore, PositionStore, Services } from '@condor/core';
import { MemoryRetentionStore, MonitorWorld } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { MonitorLoop } from './monitor-loop.js';

const MINUTE = 60_000;
const PEOPLE = ['0a11ce00-0000-4000-8000-000000000001', '0b0b0000-0000-4000-8000-000000000002', '0c0c0000-0000-4000-8000-000000000003'] as const;

/** Three people linked to the simulated broker, each holding a condor at the stop loss. */
async function threePeople(): Promise<MonitorWorld> {
  const world = new MonitorWorld();
  for (const ownerId of PEOPLE) {
    await world.link(ownerId);
    await world.open(ownerId, 'stop_loss');
  }
  return world;
}

/** The world's services with `before` run as each person's round starts (it reads their link first). */
function onEachPerson(world: MonitorWorld, before: (ownerId: string) => Promise<void>): Services {
  const links = world.services.brokerLinks;
  const brokerLinks: BrokerLinkStore = Object.assign(Object.create(links) as BrokerLinkStore, {
    get: async (ownerId: string) => {
      await before(ownerId);
      return links.get(ownerId);
    },
  });
  return { ...world.services, brokerLinks };
}

const storedKeys = async (world: MonitorWorld): Promise<string[]> =>
  (await Promise.all(PEOPLE.map((id) => world.services.news.recent(id, 100)))).flat().map((told) => told.news.key);

describe('MonitorLoop', () => {
  it("stores each person's new alerts once; the next round adds nothing", async () => {
    const world = await threePeople();
    const loop = new MonitorLoop({ services: world.services, store: MemoryRetentionStore.create(), holder: 'a' });
    const first = await loop.runOnce();
    expect(first?.finished).toBe(true);
    expect(first?.owners.map((round) => [round.ownerId, round.status, round.added])).toEqual(
      world.positions.map((p) => [p.ownerId, 'checked', [`alert:${p.id}:stop_loss`]]),
    );
    world.clock.advance(2 * MINUTE);
    const second = await loop.runOnce();
    expect(second?.owners.map((round) => round.added)).toEqual([[], [], []]);
    expect((await storedKeys(world)).sort()).toEqual(world.positions.map((p) => `alert:${p.id}:stop_loss`).sort());
  });

  it('runs on one instance at a time: another skips while the lease is held, and may run once it ends', async () => {
    const world = await threePeople();
    const leases = MemoryRetentionStore.create();
    const a = new MonitorLoop({ services: world.services, store: leases, holder: 'a' });
    const b = new MonitorLoop({ services: world.services, store: leases.sharing(), holder: 'b' });
    expect(await a.runOnce()).not.toBeNull();
    world.clock.advance(2 * MINUTE - 1);
    expect(await b.runOnce()).toBeNull();
    world.clock.advance(1);
    expect(await b.runOnce()).toMatchObject({ finished: true, owners: [{ added: [] }, { added: [] }, { added: [] }] });
  });

  it('renews the lease before each person, so a round longer than the lease is never joined', async () => {
    const world = await threePeople();
    const leases = MemoryRetentionStore.create();
    const b = new MonitorLoop({ services: world.services, store: leases.sharing(), holder: 'b' });
    const tries: unknown[] = [];
    // Each person takes a minute and a half: three outlast the two-minute lease, unless it is renewed.
    const slow = onEachPerson(world, async () => {
      world.clock.advance(1.5 * MINUTE);
      tries.push(await b.runOnce());
    });
    const a = new MonitorLoop({ services: slow, store: leases, holder: 'a' });
    expect(await a.runOnce()).toMatchObject({ finished: true });
    expect(tries).toEqual([null, null, null]);
    world.clock.advance(2 * MINUTE);
    expect(await b.runOnce()).not.toBeNull();
  });

  it('stops a round whose lease another instance took, after the person under way', async () => {
    const world = await threePeople();
    const leases = MemoryRetentionStore.create();
    const b = new MonitorLoop({ services: world.services, store: leases.sharing(), holder: 'b' });
    let taken = false;
    // The first person outlasts the lease, and another instance takes it meanwhile.
    const stalled = onEachPerson(world, async () => {
      if (taken) return;
      taken = true;
      world.clock.advance(3 * MINUTE);
      expect(await b.runOnce()).toMatchObject({ finished: true });
    });
    const report = await new MonitorLoop({ services: stalled, store: leases, holder: 'a' }).runOnce();
    expect(report).toMatchObject({ finished: false, owners: [{ ownerId: PEOPLE[0], status: 'checked' }] });
    expect(await storedKeys(world)).toHaveLength(3);
  });

  it("goes on to the next people when one person's broker fails", async () => {
    const world = await threePeople();
    world.brokers.rateLimit(PEOPLE[1], 10, 30);
    const report = await new MonitorLoop({ services: world.services, store: MemoryRetentionStore.create(), holder: 'a' }).runOnce();
    expect(report?.owners.map((round) => round.status)).toEqual(['checked', 'failed', 'checked']);
    expect(report?.finished).toBe(true);
    expect(world.services.logger.lines).toEqual([expect.objectContaining({ level: 'warn', event: 'position_monitor_failed', fields: expect.objectContaining({ user_id: PEOPLE[1] }) as unknown })]);
  });

  it('runs at start, and stop waits for the round under way, which ends after the person it is looking at', async () => {
    const world = await threePeople();
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = onEachPerson(world, () => gate);
    const loop = new MonitorLoop({ services: held, store: MemoryRetentionStore.create(), holder: 'a' });
    loop.start();
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await storedKeys(world)).toEqual([`alert:${world.positions[0]?.id ?? ''}:stop_loss`]);
    expect(world.services.logger.lines).toEqual([{ level: 'info', event: 'position_alerts_stored', fields: { owners: 1, added: 1, finished: false } }]);
    expect(await loop.runOnce()).toBeNull();
  });

  it('logs a round that could not start and keeps going', async () => {
    const world = await threePeople();
    const positions = Object.assign(Object.create(world.services.positions) as PositionStore, { ownersWithLive: () => Promise.reject(new Error('database down')) });
    const services: Services = { ...world.services, positions };
    const loop = new MonitorLoop({ services, store: MemoryRetentionStore.create(), holder: 'a' });
    loop.start();
    await loop.stop();
    expect(world.services.logger.lines).toEqual([{ level: 'warn', event: 'position_monitor_round_failed', fields: { error: 'database down' } }]);
  });

  it('reports the news of a Schwab login that ends within a day, stored once across two rounds', async () => {
    const world = await threePeople();
    const ownerId = '5c4ab000-0000-4000-8000-000000000004';
    const loggedInAt = world.clock.now() - 7 * 24 * 60 * MINUTE + 90 * MINUTE;
    const sealed = { keyId: 'k', nonce: 'bm9uY2U=', ciphertext: 'c2VhbGVk' };
    await world.services.brokerLinks.put({ ownerId, broker: 'schwab', environment: 'live', apiKey: null, apiSecret: sealed, keyHint: null, connectedAt: loggedInAt, updatedAt: loggedInAt, loggedInAt });
    const loop = new MonitorLoop({ services: world.services, store: MemoryRetentionStore.create(), holder: 'a' });
    expect(await loop.runOnce()).toMatchObject({ finished: true, loginsEnding: 1, owners: [{ status: 'checked' }, { status: 'checked' }, { status: 'checked' }] });
    world.clock.advance(2 * MINUTE);
    expect(await loop.runOnce()).toMatchObject({ finished: true, loginsEnding: 0 });
    expect((await world.services.news.recent(ownerId, 10)).map((told) => [told.news.kind, told.news.key])).toEqual([['link_failed', `login-ends:${ownerId}:${String(loggedInAt)}`]]);
  });
});
