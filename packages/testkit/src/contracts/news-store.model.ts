import type { News, NewsOutcome, NewsStore } from '@condor/core';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryNewsStore } from '../fakes/memory-news-stores.js';
import { NEWS_OTHER, NEWS_OWNER, newsFixture } from './news-store.contract.js';

const T0 = 1_767_623_400_000;
const HOLDERS = ['a', 'b', 'c'] as const;
const OWNERS = [NEWS_OWNER, NEWS_OTHER] as const;

/**
 * The model: the memory store (the semantics the adapters must share), and in plain data what the state machine
 * promises whatever the store: each key stored once, a lease given only once the last one ended, a finish only by the
 * last holder and only once.
 */
interface Model {
  now: number;
  readonly memory: MemoryNewsStore;
  readonly stored: News[];
  readonly keys: Set<string>;
  readonly leases: Map<string, { holder: string; until: number }>;
  readonly finished: Map<string, { status: NewsOutcome['status']; at: number }>;
  added: number;
}
interface Real {
  readonly handles: readonly NewsStore[];
}

const handleOf = (r: Real, holder: number): NewsStore => r.handles[holder % r.handles.length]!;
const ids = (news: readonly News[]): string[] => news.map((n) => n.id);

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(m: Model) {
    m.now += this.ms;
    return Promise.resolve();
  }
  toString = () => `advance(${String(this.ms)})`;
}

class Add implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly owner: number,
    readonly key: number,
    readonly topic: number,
    readonly offset: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    m.added += 1;
    const news = newsFixture(m.added, { ownerId: OWNERS[this.owner]!, key: `key-${String(this.key)}`, topic: `topic-${String(this.topic)}`, createdAt: m.now + this.offset });
    const stored = await handleOf(r, m.added).add(news);
    expect(stored, 'stored exactly when its key is new').toBe(!m.keys.has(news.key));
    expect(stored).toBe(await m.memory.add(news));
    if (stored) m.stored.push(news);
    m.keys.add(news.key);
  }
  toString = () => `add(owner ${String(this.owner)}, key ${String(this.key)}, topic ${String(this.topic)}, ${String(this.offset)})`;
}

class Claim implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly holder: number,
    readonly limit: number,
    readonly leaseMs: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const holder = HOLDERS[this.holder]!;
    const claimed = await handleOf(r, this.holder).claimUntold(holder, m.now, this.leaseMs, this.limit);
    expect(ids(claimed)).toEqual(ids(await m.memory.claimUntold(holder, m.now, this.leaseMs, this.limit)));
    for (const news of claimed) {
      expect(m.finished.has(news.id), `${news.id} leased after it was told`).toBe(false);
      expect(m.leases.get(news.id)?.until ?? 0, `${news.id} leased while another lease was live`).toBeLessThanOrEqual(m.now);
      m.leases.set(news.id, { holder, until: m.now + this.leaseMs });
    }
  }
  toString = () => `claim(${HOLDERS[this.holder]!}, limit ${String(this.limit)}, lease ${String(this.leaseMs)})`;
}

class Finish implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly holder: number,
    readonly pick: number,
    readonly status: NewsOutcome['status'],
  ) {}
  check = (m: Readonly<Model>) => m.stored.length > 0;
  async run(m: Model, r: Real) {
    const holder = HOLDERS[this.holder]!;
    const news = m.stored[this.pick % m.stored.length]!;
    const outcome: NewsOutcome = { status: this.status, pushed: this.status === 'told' ? 1 : 0, mailed: false, detail: this.status === 'told' ? null : 'model' };
    const finished = await handleOf(r, this.holder).finish(news.id, holder, outcome, m.now);
    expect(finished, 'finished exactly when its last holder finishes it first').toBe(m.leases.get(news.id)?.holder === holder && !m.finished.has(news.id));
    expect(finished).toBe(await m.memory.finish(news.id, holder, outcome, m.now));
    if (finished) m.finished.set(news.id, { status: this.status, at: m.now });
  }
  toString = () => `finish(${HOLDERS[this.holder]!}, #${String(this.pick)}, ${this.status})`;
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly owner: number,
    readonly handle: number,
    readonly back: number,
    readonly limit: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const owner = OWNERS[this.owner]!;
    const store = handleOf(r, this.handle);
    const since = m.now - this.back;
    const told = [...m.finished.entries()].filter(([id, f]) => f.status === 'told' && f.at >= since && m.stored.find((n) => n.id === id)?.ownerId === owner);
    expect(await store.toldSince(owner, since)).toBe(told.length);
    expect(await store.recent(owner, this.limit)).toEqual(await m.memory.recent(owner, this.limit));
    for (const news of m.stored) expect(await store.superseded(news), `${news.id} superseded`).toBe(await m.memory.superseded(news));
  }
  toString = () => `read(owner ${String(this.owner)}, handle ${String(this.handle)}, since -${String(this.back)}, limit ${String(this.limit)})`;
}

const commands = fc.commands(
  [
    fc.constantFrom(0, 1, 999, 1_000, 5_000).map((ms) => new Advance(ms)),
    fc.tuple(fc.nat(1), fc.nat(5), fc.nat(1), fc.integer({ min: -1, max: 1 })).map(([o, k, t, d]) => new Add(o, k, t, d)),
    fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 4 }), fc.constantFrom(1_000, 5_000)).map(([h, l, ms]) => new Claim(h, l, ms)),
    fc.tuple(fc.nat(2), fc.nat(20), fc.constantFrom('told', 'skipped', 'failed' as const)).map(([h, p, s]) => new Finish(h, p, s)),
    fc.tuple(fc.nat(1), fc.nat(2), fc.constantFrom(0, 1_000, 10_000), fc.integer({ min: 1, max: 8 })).map(([o, p, b, l]) => new Read(o, p, b, l)),
  ],
  // Long runs: fast-check's default size makes runs of a handful of commands, too few to tie, supersede and take over.
  { maxCommands: 40, size: 'max' },
);

/**
 * The news store's lease and once-only state machine (design §18) against its model: every answer of the adapter
 * the memory store's, and the promises above kept after every step, with the steps spread over `count` handles as
 * over instances. `make(ownerIds, count)` is called once per run and returns handles onto an empty store.
 */
export function newsStoreModelContract(adapter: string, make: (ownerIds: readonly string[], count: number) => Promise<readonly NewsStore[]>, numRuns = 60): void {
  describe(`NewsStore model: ${adapter}`, () => {
    it('stores each key once, leases no news to two holders at once, finishes only for the last holder, and reads as the memory store', async () => {
      await fc.assert(
        fc.asyncProperty(commands, async (cmds) => {
          const handles = await make(OWNERS, HOLDERS.length);
          const model: Model = { now: T0, memory: new MemoryNewsStore(), stored: [], keys: new Set(), leases: new Map(), finished: new Map(), added: 0 };
          await fc.asyncModelRun(() => ({ model, real: { handles } }), cmds);
        }),
        { numRuns },
      );
    });
  });
}
