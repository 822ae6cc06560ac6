import type { BrokerLinkStore, PositionStore, RetentionStore, Services } from '@condor/core';
import { migrateToLatest, SqlNewsStore, SqlPositionStore, SqlRetentionStore, SqlUserStore, type Database } from '@condor/store-sql';
import { MemoryRetentionStore, MonitorWorld, type MonitorLevel } from '@condor/testkit';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../store-sql/test/temp-database.js';
import { tempPostgres } from '../../../store-sql/test/temp-postgres.js';
import { MonitorLoop } from './monitor-loop.js';

const MINUTE = 60_000;
const PEOPLE = ['0a11ce00-0000-4000-8000-000000000001', '0b0b0000-0000-4000-8000-000000000002', '0c0c0000-0000-4000-8000-000000000003'] as const;

/** `target` with some methods replaced, the others bound to it. */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get: (object, key) => {
      if (key in overrides) return overrides[key as keyof T];
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** What the instances did, in order: a round began (it got the lease), looked at a person, or ended. */
type Event = { readonly holder: string; readonly what: 'begin' | 'end' } | { readonly holder: string; readonly what: 'person'; readonly ownerId: string };

/** Two pools onto one migrated schema holding the three people, and a world whose condors live in its positions table. */
async function twoInstances(url: string, levels: readonly MonitorLevel[]) {
  const pools = await tempPostgres(url).openMany(2);
  const [first] = pools as [Kysely<Database>, Kysely<Database>];
  await migrateToLatest(first);
  for (const id of PEOPLE) await new SqlUserStore(first).insert({ id, email: `${id}@example.com`, passwordHash: 'hash', createdAt: 0 });
  const world = new MonitorWorld({ positions: new SqlPositionStore(first) });
  for (const [i, ownerId] of PEOPLE.entries()) {
    await world.link(ownerId);
    await world.open(ownerId, levels[i]);
  }
  return { pools, world };
}

/**
 * One instance's monitor on its own pool. Each person takes `personMs` of the test clock, and while a person is under
 * way `meanwhile` runs (another instance trying for a round).
 */
function instance(options: {
  world: MonitorWorld;
  db: Kysely<Database>;
  holder: string;
  events: Event[];
  personMs: number;
  leases?: Pick<RetentionStore, 'claimLease'>;
  meanwhile?: () => Promise<void>;
}): MonitorLoop {
  const { world, db, holder, events } = options;
  const base = world.services;
  const positions = new SqlPositionStore(db);
  const services: Services = {
    ...base,
    news: new SqlNewsStore(db),
    positions: overriding<PositionStore>(positions, {
      ownersWithLive: () => {
        events.push({ holder, what: 'begin' });
        return positions.ownersWithLive();
      },
    }),
    brokerLinks: overriding<BrokerLinkStore>(base.brokerLinks, {
      get: async (ownerId: string) => {
        events.push({ holder, what: 'person', ownerId });
        world.clock.advance(options.personMs);
        await options.meanwhile?.();
        return base.brokerLinks.get(ownerId);
      },
    }),
  };
  const loop = new MonitorLoop({ services, store: options.leases ?? new SqlRetentionStore(db), holder });
  return overriding(loop, {
    runOnce: async () => {
      const report = await loop.runOnce();
      if (report !== null) events.push({ holder, what: 'end' });
      return report;
    },
  });
}

/** The rounds as the events show them; fails when one began while another was under way. */
function roundsIn(events: readonly Event[]): string[] {
  const rounds: string[] = [];
  let current: string | null = null;
  for (const event of events) {
    if (event.what === 'begin') {
      expect(current, `${event.holder} began a round while ${current ?? ''}'s was under way`).toBeNull();
      current = event.holder;
      rounds.push(event.holder);
    } else {
      expect(event.holder, `${event.holder} acted during ${current ?? 'no'} round`).toBe(current);
      if (event.what === 'end') current = null;
    }
  }
  return rounds;
}

async function storedKeys(db: Kysely<Database>): Promise<{ key: string; owner_id: string }[]> {
  return db.selectFrom('news').select(['key', 'owner_id']).orderBy('key').execute();
}

const url = postgresTestUrl();
if (url !== undefined) {
  describe('MonitorLoop on two instances over one PostgreSQL database', () => {
    it('runs one round at a time, never joined even when it outlasts the lease, and stores each alert once', async () => {
      const { pools, world } = await twoInstances(url, ['stop_loss', 'take_profit', 'calm']);
      const [one, two] = pools as [Kysely<Database>, Kysely<Database>];
      const events: Event[] = [];
      const tries: unknown[] = [];
      const loops: MonitorLoop[] = [];
      // Each person takes 1.5 minutes, so a round of three outlasts the 2-minute lease unless renewed; meanwhile the
      // other instance tries for a round (once at a time: a round it wrongly got does not try back).
      let trying = false;
      const meanwhile = (other: number) => async () => {
        if (trying) return;
        trying = true;
        tries.push(await loops[other]?.runOnce());
        trying = false;
      };
      loops.push(instance({ world, db: one, holder: 'one', events, personMs: 1.5 * MINUTE, meanwhile: meanwhile(1) }));
      loops.push(instance({ world, db: two, holder: 'two', events, personMs: 1.5 * MINUTE, meanwhile: meanwhile(0) }));
      for (let round = 0; round < 6; round += 1) {
        if (round === 3) world.setLevel(world.positions[2]!, 'stop_loss');
        if (round === 4) world.setLevel(world.positions[0]!, 'calm');
        const reports = await Promise.all(loops.map((loop) => loop.runOnce()));
        expect(reports.filter((report) => report?.finished === true)).toHaveLength(1);
        world.clock.advance(2 * MINUTE);
      }
      expect(roundsIn(events)).toHaveLength(6);
      expect(tries).toEqual(Array.from({ length: 18 }, () => null));
      const [a, b, c] = world.positions.map((p) => p.id);
      expect(await storedKeys(one)).toEqual(
        [
          { key: `alert:${a ?? ''}:stop_loss`, owner_id: PEOPLE[0] },
          { key: `alert:${b ?? ''}:take_profit`, owner_id: PEOPLE[1] },
          { key: `alert:${c ?? ''}:stop_loss`, owner_id: PEOPLE[2] },
        ].sort((x, y) => x.key.localeCompare(y.key)),
      );
    });

    it('stores each alert once even when the two rounds run at once (as if the lease failed)', async () => {
      const { pools, world } = await twoInstances(url, ['stop_loss', 'take_profit', 'stop_loss']);
      const [one, two] = pools as [Kysely<Database>, Kysely<Database>];
      const events: Event[] = [];
      const loops = [one, two].map((db, i) => instance({ world, db, holder: String(i), events, personMs: 0, leases: MemoryRetentionStore.create() }));
      const reports = await Promise.all(loops.map((loop) => loop.runOnce()));
      // The premise: without a shared lease the two rounds did run at once.
      expect(() => roundsIn(events)).toThrow(/began a round while/);
      const added = reports.flatMap((report) => report?.owners.flatMap((round) => round.added) ?? []);
      const keys = (await storedKeys(one)).map((row) => row.key);
      expect(keys).toHaveLength(3);
      expect([...added].sort()).toEqual(keys);
      expect(reports.every((report) => report?.finished === true && report.owners.every((round) => round.alerts.length === 1))).toBe(true);
    });
  });
}
