import type { ManagedPosition, News, OwnerRound, RetentionStore, Services } from '@condor/core';
import { MemoryRetentionStore, MonitorWorld, type MonitorLevel } from '@condor/testkit';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MonitorLoop, type MonitorReport } from './monitor-loop.js';

/**
 * The position monitor under everything that can happen to it (issue 40's acceptance): alerts appear and clear on
 * several positions of several people, two instances run rounds — one lease between them, or (as if the lease failed)
 * each its own so their rounds interleave step by step — an instance dies mid-round and is replaced by one that
 * remembers nothing, a person's broker fails. After every step: no alert is stored twice, nothing is stored that was
 * never present or for a person without a connected link, and every alert present during a person's completed round is
 * stored (none lost). At the end, once the faults pass, one more round leaves every present alert stored.
 */

const MINUTE = 60_000;
const LINKED = ['0a11ce00-0000-4000-8000-000000000001', '0b0b0000-0000-4000-8000-000000000002'] as const;
const UNLINKED = '0c0c0000-0000-4000-8000-000000000003';
/** Whose each position is: the first person holds two. */
const HOLDERS = [LINKED[0], LINKED[0], LINKED[1], UNLINKED] as const;

interface Model {
  readonly levels: MonitorLevel[];
  /** Every key an alert had while present, at any moment. */
  readonly everPresent: Set<string>;
  /** Keys present during a person's round that completed: these must be stored. */
  readonly mustStore: Set<string>;
}

/** One instance: its loop and whether its process died (then nothing it had under way ever happens). */
interface Instance {
  readonly loop: MonitorLoop;
  readonly life: { dead: boolean };
}

interface Real {
  readonly world: MonitorWorld;
  readonly scheduler: fc.Scheduler;
  readonly sharedLease: boolean;
  readonly leases: MemoryRetentionStore;
  readonly slots: Instance[];
  generation: number;
}

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

/** A new instance in `slot`: each store call it makes waits for the scheduler, and never happens once it died. */
function startInstance(real: Real, slot: number): Instance {
  const life = { dead: false };
  const { world, scheduler } = real;
  const step = <T>(label: string, act: () => Promise<T>): Promise<T> =>
    scheduler.schedule(Promise.resolve(label), label).then(() => (life.dead ? new Promise<T>(() => undefined) : act()));
  const base = world.services;
  const services: Services = {
    ...base,
    news: overriding(base.news, { add: (news: News) => step(`add ${news.key}`, () => base.news.add(news)) }),
    brokerLinks: overriding(base.brokerLinks, { get: (id: string) => step(`link ${id}`, () => base.brokerLinks.get(id)) }),
  };
  const leases = real.sharedLease ? real.leases.sharing() : MemoryRetentionStore.create();
  const store: Pick<RetentionStore, 'claimLease'> = { claimLease: (...args) => step('lease', () => leases.claimLease(...args)) };
  real.generation += 1;
  const instance = { loop: new MonitorLoop({ services, store, holder: `${String(slot)}-${String(real.generation)}` }), life };
  real.slots[slot] = instance;
  return instance;
}

const keysOf = (position: ManagedPosition, level: MonitorLevel): string[] => (level === 'calm' ? [] : [`alert:${position.id}:${level}`]);

function present(model: Model, real: Real, ownerId: string): string[] {
  return real.world.positions.flatMap((position, i) => (position.ownerId === ownerId ? keysOf(position, model.levels[i] ?? 'calm') : [])).sort();
}

/** A person's round that completed: their alerts then present must be stored, and are exactly what it found. */
function completed(model: Model, real: Real, report: MonitorReport | null): void {
  for (const round of report?.owners ?? []) {
    if (round.status !== 'checked') continue;
    const keys = present(model, real, round.ownerId);
    expect([...round.alerts].sort()).toEqual(keys);
    for (const key of keys) model.mustStore.add(key);
  }
}

async function check(model: Model, real: Real): Promise<void> {
  const rows = (await Promise.all([...LINKED, UNLINKED].map((id) => real.world.services.news.recent(id, 1_000)))).flat().map((told) => told.news);
  const keys = rows.map((news) => news.key);
  expect(new Set(keys).size, 'an alert stored twice').toBe(keys.length);
  for (const news of rows) {
    expect(model.everPresent.has(news.key), `${news.key} was never present`).toBe(true);
    expect(news.ownerId).toBe(real.world.positions.find((p) => news.key.startsWith(`alert:${p.id}:`))?.ownerId);
    expect(news.ownerId).not.toBe(UNLINKED);
  }
  expect([...model.mustStore].filter((key) => !keys.includes(key)), 'alerts lost').toEqual([]);
}

class SetLevel implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly level: MonitorLevel,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const position = real.world.positions[this.index]!;
    model.levels[this.index] = this.level;
    for (const key of keysOf(position, this.level)) model.everPresent.add(key);
    real.world.setLevel(position, this.level);
    await check(model, real);
  }
  toString = () => `level(${String(this.index)}, ${this.level})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.world.clock.advance(this.ms);
    await check(model, real);
  }
  toString = () => `advance(${String(this.ms)})`;
}

/** Rounds on the given slots at once, their store calls interleaved as the scheduler picks. */
class Rounds implements fc.AsyncCommand<Model, Real> {
  constructor(readonly slots: readonly number[]) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const reports = await real.scheduler.waitFor(Promise.all(this.slots.map((slot) => real.slots[slot]!.loop.runOnce())));
    for (const report of reports) completed(model, real, report);
    await check(model, real);
  }
  toString = () => `rounds(${this.slots.join(' & ')})`;
}

/** An instance dies after `steps` of its round's store calls; a new one, remembering nothing, takes its slot. */
class Crash implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly slot: number,
    readonly steps: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const dying = real.slots[this.slot]!;
    void dying.loop.runOnce();
    for (let i = 0; i < this.steps; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      if (real.scheduler.count() === 0) break;
      await real.scheduler.waitNext(1);
    }
    dying.life.dead = true;
    startInstance(real, this.slot);
    await check(model, real);
  }
  toString = () => `crash(${String(this.slot)} after ${String(this.steps)})`;
}

class BrokerFails implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly person: number,
    readonly calls: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    real.world.brokers.rateLimit(LINKED[this.person]!, this.calls, 1);
    await check(model, real);
  }
  toString = () => `broker fails(${String(this.person)}, ${String(this.calls)})`;
}

async function setUp(scheduler: fc.Scheduler, sharedLease: boolean, levels: MonitorLevel[]): Promise<{ model: Model; real: Real }> {
  const world = new MonitorWorld();
  for (const ownerId of LINKED) await world.link(ownerId);
  await world.link(UNLINKED, 'sim', false);
  for (const [i, ownerId] of HOLDERS.entries()) await world.open(ownerId, levels[i]);
  const real: Real = { world, scheduler, sharedLease, leases: MemoryRetentionStore.create(), slots: [], generation: 0 };
  startInstance(real, 0);
  startInstance(real, 1);
  const everPresent = new Set(world.positions.flatMap((position, i) => keysOf(position, levels[i] ?? 'calm')));
  return { model: { levels: [...levels], everPresent, mustStore: new Set() }, real };
}

const level = fc.constantFrom<MonitorLevel>('calm', 'take_profit', 'stop_loss');

describe('the position monitor against its model', () => {
  it('tells each alert once and loses none, across two instances, interleaved rounds, restarts and broker failures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.boolean(),
        fc.array(level, { minLength: HOLDERS.length, maxLength: HOLDERS.length }),
        fc.commands(
          [
            fc.tuple(fc.nat({ max: HOLDERS.length - 1 }), level).map(([i, l]) => new SetLevel(i, l)),
            fc.constantFrom(30_000, MINUTE, 2 * MINUTE, 3 * MINUTE).map((ms) => new Advance(ms)),
            fc.constantFrom<readonly number[]>([0], [1], [0, 1]).map((slots) => new Rounds(slots)),
            fc.tuple(fc.nat({ max: 1 }), fc.nat({ max: 12 })).map(([slot, steps]) => new Crash(slot, steps)),
            fc.tuple(fc.nat({ max: 1 }), fc.integer({ min: 1, max: 3 })).map(([person, calls]) => new BrokerFails(person, calls)),
          ],
          { maxCommands: 30 },
        ),
        async (scheduler, sharedLease, levels, commands) => {
          const { model, real } = await setUp(scheduler, sharedLease, levels);
          await fc.asyncModelRun(() => ({ model, real }), commands);
          // Once the leases of the dead have run out and the broker answers again, a round leaves every present alert stored.
          for (let attempt = 0; attempt < 5; attempt += 1) {
            real.world.clock.advance(3 * MINUTE);
            const report = await scheduler.waitFor(startInstance(real, 0).loop.runOnce());
            completed(model, real, report);
            if (report?.finished === true && report.owners.every((round: OwnerRound) => round.status !== 'failed')) break;
          }
          for (const ownerId of LINKED) for (const key of present(model, real, ownerId)) expect(model.mustStore.has(key), `${key} never told`).toBe(true);
          await check(model, real);
        },
      ),
      { numRuns: 150 },
    );
  });
});
