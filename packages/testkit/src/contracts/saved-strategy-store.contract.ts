import type { Json, SavedStrategy, SavedStrategyStore, StrategyRunStore } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { JSON_DOCUMENT } from './strategy-run-store.contract.js';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;
const RUN = '5d000000-0000-4000-8000-000000000001';
const OTHER_RUN = '5d000000-0000-4000-8000-0000000000ff';

const savedId = (n: number): string => `5c000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A saved-strategy store, and the run store holding the runs its strategies come from. */
export interface SavedStrategyStores {
  readonly saved: SavedStrategyStore;
  readonly runs: StrategyRunStore;
}

/**
 * The behaviour every SavedStrategyStore adapter must show. `make` returns fresh, empty stores in
 * which the users with `ownerIds` exist; the suite inserts the runs it saves from into `runs` (a SQL
 * store refers to them).
 */
export function savedStrategyStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<SavedStrategyStores>): void {
  const strategy = (n: number, overrides: Partial<SavedStrategy> = {}): SavedStrategy => ({
    id: savedId(n),
    ownerId: USER,
    runId: RUN,
    rank: n,
    ticker: 'SPY',
    rules: { short_delta: 0.16, dte: [30, 45], wing_width: 5 },
    metrics: { sharpe: 1.25, win_rate: 0.8125, trades: 42 },
    savedAt: T0 + n * 1000,
    active: false,
    ...overrides,
  });
  const ofOther = (n: number, overrides: Partial<SavedStrategy> = {}): SavedStrategy =>
    strategy(n, { ownerId: OTHER, runId: OTHER_RUN, ...overrides });

  const fresh = async (): Promise<SavedStrategyStore> => {
    const { saved, runs } = await make([USER, OTHER]);
    for (const [id, ownerId] of [
      [RUN, USER],
      [OTHER_RUN, OTHER],
    ] as const) {
      await runs.insert({ id, ownerId, createdAt: T0, ticker: 'SPY', inputs: {}, result: {}, durationMs: 1, evaluated: 1 });
    }
    return saved;
  };

  describe(`SavedStrategyStore contract: ${adapter}`, () => {
    it('has nothing saved at first', async () => {
      const store = await fresh();
      expect(await store.list(USER)).toEqual([]);
      expect(await store.get(USER, savedId(1))).toBeUndefined();
      expect(await store.delete(USER, savedId(1))).toBe(false);
      expect(await store.activate(USER, savedId(1))).toBeUndefined();
    });

    it('saves a strategy and gives it back exactly as given, inactive, JSON documents included', async () => {
      const store = await fresh();
      const given = strategy(1, { rules: JSON_DOCUMENT, metrics: { nested: JSON_DOCUMENT, none: null } });
      expect(await store.save(given)).toEqual({ strategy: given, created: true });
      expect(await store.get(USER, savedId(1))).toEqual(given);
      expect(await store.list(USER)).toEqual([given]);
      expect((await store.get(USER, savedId(1)))?.active).toBe(false);
    });

    it('returns the strategy already saved, unchanged, when the same run and rank is saved again', async () => {
      const store = await fresh();
      await store.save(strategy(1));
      const again = strategy(1, { id: savedId(2), savedAt: T0 + 99_000, rules: { other: true } });
      expect(await store.save(again)).toEqual({ strategy: strategy(1), created: false });
      expect(await store.list(USER)).toEqual([strategy(1)]);
      expect(await store.get(USER, savedId(2))).toBeUndefined();
    });

    it('creates exactly one of many concurrent saves of one run and rank, and all return it', async () => {
      const store = await fresh();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.save(strategy(1, { id: savedId(i + 1), savedAt: T0 + i }))),
      );
      expect(outcomes.filter((o) => o.created)).toHaveLength(1);
      const winner = outcomes.find((o) => o.created)!.strategy;
      for (const outcome of outcomes) expect(outcome.strategy).toEqual(winner);
      expect(await store.list(USER)).toEqual([winner]);
    });

    it('saves different ranks of one run as separate strategies', async () => {
      const store = await fresh();
      expect((await store.save(strategy(1))).created).toBe(true);
      expect((await store.save(strategy(2))).created).toBe(true);
      expect(await store.list(USER)).toEqual([strategy(2), strategy(1)]);
    });

    it('keeps its own copy: changing the saved or a returned strategy afterwards changes nothing', async () => {
      const store = await fresh();
      const dte: Json[] = [30, 45];
      await store.save(strategy(1, { rules: { dte } }));
      dte.push(60);
      const got = await store.get(USER, savedId(1));
      (got!.metrics as Record<string, Json>)['sharpe'] = 0;
      expect(await store.get(USER, savedId(1))).toEqual(strategy(1, { rules: { dte: [30, 45] } }));
    });

    it("treats another owner's strategy as absent for get, list, delete and activate, and leaves it alone", async () => {
      const store = await fresh();
      await store.save(ofOther(1));
      expect(await store.get(USER, savedId(1))).toBeUndefined();
      expect(await store.list(USER)).toEqual([]);
      expect(await store.delete(USER, savedId(1))).toBe(false);
      expect(await store.activate(USER, savedId(1))).toBeUndefined();
      expect(await store.get(OTHER, savedId(1))).toEqual(ofOther(1));
      expect(await store.list(OTHER)).toEqual([ofOther(1)]);
    });

    it('lists newest first: savedAt, then id, descending', async () => {
      const store = await fresh();
      await store.save(strategy(1, { savedAt: T0 }));
      await store.save(strategy(3, { savedAt: T0 }));
      await store.save(strategy(2, { savedAt: T0 }));
      await store.save(strategy(4, { savedAt: T0 - 1 }));
      await store.save(strategy(5, { savedAt: T0 + 1 }));
      await store.save(ofOther(6, { savedAt: T0 }));
      expect((await store.list(USER)).map((s) => s.id)).toEqual([5, 3, 2, 1, 4].map(savedId));
    });

    it("activates one strategy per owner and ticker, leaving other tickers and other owners' strategies active", async () => {
      const store = await fresh();
      for (const s of [strategy(1), strategy(2), strategy(3, { ticker: 'QQQ' }), ofOther(4)]) await store.save(s);
      expect(await store.activate(OTHER, savedId(4))).toEqual(ofOther(4, { active: true }));
      expect(await store.activate(USER, savedId(3))).toEqual(strategy(3, { ticker: 'QQQ', active: true }));
      expect(await store.activate(USER, savedId(1))).toEqual(strategy(1, { active: true }));
      expect(await store.activate(USER, savedId(2))).toEqual(strategy(2, { active: true }));
      expect(await store.list(USER)).toEqual([
        strategy(3, { ticker: 'QQQ', active: true }),
        strategy(2, { active: true }),
        strategy(1, { active: false }),
      ]);
      expect(await store.get(OTHER, savedId(4))).toEqual(ofOther(4, { active: true }));
    });

    it('activates idempotently', async () => {
      const store = await fresh();
      await store.save(strategy(1));
      await store.save(strategy(2));
      expect(await store.activate(USER, savedId(1))).toEqual(strategy(1, { active: true }));
      expect(await store.activate(USER, savedId(1))).toEqual(strategy(1, { active: true }));
      expect(await store.list(USER)).toEqual([strategy(2), strategy(1, { active: true })]);
    });

    it('leaves exactly one strategy of a ticker active after concurrent activations', async () => {
      const store = await fresh();
      for (let n = 1; n <= 10; n++) await store.save(strategy(n));
      await store.activate(USER, savedId(10));
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.activate(USER, savedId((i % 10) + 1))));
      for (const outcome of outcomes) expect(outcome?.active).toBe(true);
      expect((await store.list(USER)).filter((s) => s.active)).toHaveLength(1);
    });

    it('deletes a strategy once', async () => {
      const store = await fresh();
      await store.save(strategy(1));
      await store.save(strategy(2));
      await store.activate(USER, savedId(1));
      expect(await store.delete(USER, savedId(1))).toBe(true);
      expect(await store.get(USER, savedId(1))).toBeUndefined();
      expect(await store.delete(USER, savedId(1))).toBe(false);
      expect(await store.list(USER)).toEqual([strategy(2)]);
      expect(await store.activate(USER, savedId(2))).toEqual(strategy(2, { active: true }));
    });

    it('saves the same run and rank again after the strategy was deleted', async () => {
      const store = await fresh();
      await store.save(strategy(1));
      await store.delete(USER, savedId(1));
      expect(await store.save(strategy(1, { id: savedId(2) }))).toEqual({ strategy: strategy(1, { id: savedId(2) }), created: true });
    });
  });
}
