import type { Json, JsonObject, StrategyRun, StrategyRunStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;

const runId = (n: number): string => `5d000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Documents with everything JSON can hold, to show they come back exactly as stored. */
export const JSON_DOCUMENT = {
  ticker: 'SPY',
  nested: { deep: { list: [1, 2.5, -0.125, { none: null }, [true, false]], empty: {}, emptyList: [] } },
  none: null,
  decimals: [0.1 + 0.2, 1e-7, 123_456.789, -42, 5e-324, 1.7976931348623157e308],
  text: 'Grüße, 日本語, 🚀, "quoted", back\\slash, new\nline, tab\t',
} as const satisfies JsonObject;

/**
 * The behaviour every StrategyRunStore adapter must show. `make` returns a fresh store without runs,
 * in which the users with `ownerIds` exist.
 */
export function strategyRunStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<StrategyRunStore>): void {
  const run = (n: number, overrides: Partial<StrategyRun> = {}): StrategyRun => ({
    id: runId(n),
    ownerId: USER,
    createdAt: T0 + n * 1000,
    ticker: 'SPY',
    inputs: { ticker: 'SPY', objective: 'sharpe', seed: n },
    result: { run_id: runId(n), top_strategies: [{ rank: 1, objective_value: 1.25 }] },
    durationMs: 1234,
    evaluated: 96,
    ...overrides,
  });

  const fresh = () => make([USER, OTHER]);

  describe(`StrategyRunStore contract: ${adapter}`, () => {
    it('has no runs at first', async () => {
      const store = await fresh();
      expect(await store.list(USER, 10)).toEqual([]);
      expect(await store.latest(USER)).toBeUndefined();
      expect(await store.get(USER, runId(1))).toBeUndefined();
    });

    it('gives a run back exactly as stored, JSON documents included', async () => {
      const store = await fresh();
      const stored = run(1, { inputs: JSON_DOCUMENT, result: { top_strategies: [JSON_DOCUMENT, JSON_DOCUMENT], note: null } });
      await store.insert(stored);
      expect(await store.get(USER, runId(1))).toEqual(stored);
      expect(await store.latest(USER)).toEqual(stored);
      expect(await store.list(USER, 10)).toEqual([stored]);
    });

    it('keeps its own copy: changing the inserted or a returned run afterwards changes nothing', async () => {
      const store = await fresh();
      const list: Json[] = [1, 2];
      await store.insert(run(1, { inputs: { list } }));
      list.push(3);
      const got = await store.get(USER, runId(1));
      (got!.inputs as Record<string, Json>)['list'] = 'changed';
      expect(await store.get(USER, runId(1))).toEqual(run(1, { inputs: { list: [1, 2] } }));
    });

    it('refuses a second run with the same id and keeps the first', async () => {
      const store = await fresh();
      await store.insert(run(1));
      await expect(store.insert(run(1, { ticker: 'QQQ' }))).rejects.toThrow();
      expect(await store.get(USER, runId(1))).toEqual(run(1));
    });

    it("hides another owner's runs from get, latest and list", async () => {
      const store = await fresh();
      await store.insert(run(1, { ownerId: OTHER }));
      expect(await store.get(USER, runId(1))).toBeUndefined();
      expect(await store.latest(USER)).toBeUndefined();
      expect(await store.list(USER, 10)).toEqual([]);
      await store.insert(run(2));
      expect(await store.list(USER, 10)).toEqual([run(2)]);
      expect(await store.get(OTHER, runId(2))).toBeUndefined();
      expect(await store.get(OTHER, runId(1))).toEqual(run(1, { ownerId: OTHER }));
      expect(await store.list(OTHER, 10)).toEqual([run(1, { ownerId: OTHER })]);
    });

    it('takes the greatest createdAt, then the greatest id, as the latest', async () => {
      const store = await fresh();
      await store.insert(run(3, { createdAt: T0 + 20 }));
      await store.insert(run(4, { createdAt: T0 + 20 }));
      await store.insert(run(2, { createdAt: T0 + 20 }));
      await store.insert(run(9, { createdAt: T0 + 10 }));
      await store.insert(run(1, { ownerId: OTHER, createdAt: T0 + 99 }));
      expect((await store.latest(USER))?.id).toBe(runId(4));
      expect((await store.latest(OTHER))?.id).toBe(runId(1));
    });

    it('lists newest first, by createdAt then id descending, at most limit runs', async () => {
      const store = await fresh();
      for (const n of [5, 1, 3]) await store.insert(run(n, { createdAt: T0 }));
      await store.insert(run(2, { createdAt: T0 + 1 }));
      await store.insert(run(4, { createdAt: T0 - 1 }));
      const ids = (runs: readonly StrategyRun[]) => runs.map((r) => r.id);
      expect(ids(await store.list(USER, 10))).toEqual([2, 5, 3, 1, 4].map(runId));
      expect(ids(await store.list(USER, 2))).toEqual([2, 5].map(runId));
      expect(await store.list(USER, 0)).toEqual([]);
    });

    it('pages through every run exactly once with the after cursor, runs of equal createdAt included', async () => {
      const store = await fresh();
      const times = [T0, T0 + 5, T0, T0 + 5, T0 + 5, T0 - 3, T0, T0 + 9];
      for (const [i, createdAt] of times.entries()) await store.insert(run(i + 1, { createdAt }));
      await store.insert(run(50, { ownerId: OTHER, createdAt: T0 }));
      const everything = await store.list(USER, 100);
      expect(everything).toHaveLength(times.length);
      for (let limit = 1; limit <= times.length + 1; limit++) {
        const seen: StrategyRun[] = [];
        let page = await store.list(USER, limit);
        // Bounded, so a cursor that fails to advance fails the test instead of looping.
        for (let pages = 1; page.length > 0; pages++) {
          expect(pages).toBeLessThanOrEqual(times.length);
          expect(page.length).toBeLessThanOrEqual(limit);
          seen.push(...page);
          const last = page.at(-1)!;
          page = await store.list(USER, limit, { createdAt: last.createdAt, id: last.id });
        }
        expect(seen).toEqual(everything);
      }
    });

    it('continues after a cursor that is not a stored run', async () => {
      const store = await fresh();
      await store.insert(run(1, { createdAt: T0 }));
      await store.insert(run(3, { createdAt: T0 }));
      await store.insert(run(4, { createdAt: T0 - 1 }));
      const ids = async (after: { createdAt: number; id: string }) => (await store.list(USER, 10, after)).map((r) => r.id);
      expect(await ids({ createdAt: T0, id: runId(2) })).toEqual([1, 4].map(runId));
      expect(await ids({ createdAt: T0 + 1, id: runId(0) })).toEqual([3, 1, 4].map(runId));
      expect(await ids({ createdAt: T0 - 1, id: runId(4) })).toEqual([]);
    });
  });
}
