import type { QuotaStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const DAY = '2026-01-05';
const NEXT_DAY = '2026-01-06';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';

/**
 * The behaviour every QuotaStore adapter must show. `make` returns a fresh store without counts, in
 * which the user with `ownerId` exists.
 */
export function quotaStoreContract(adapter: string, make: (ownerId: string) => Promise<QuotaStore>): void {

  describe(`QuotaStore contract: ${adapter}`, () => {
    it('admits calls up to the limit, then refuses without counting', async () => {
      const store = await make(USER);
      expect(await store.consume(USER, 'create_strategy', DAY, 2)).toEqual({ admitted: true, used: 1 });
      expect(await store.consume(USER, 'create_strategy', DAY, 2)).toEqual({ admitted: true, used: 2 });
      expect(await store.consume(USER, 'create_strategy', DAY, 2)).toEqual({ admitted: false, used: 2 });
      expect(await store.consume(USER, 'create_strategy', DAY, 2)).toEqual({ admitted: false, used: 2 });
      expect(await store.usage(USER, DAY)).toEqual({ create_strategy: 2 });
    });

    it('admits more once the limit is raised', async () => {
      const store = await make(USER);
      await store.consume(USER, 'create_strategy', DAY, 1);
      expect(await store.consume(USER, 'create_strategy', DAY, 1)).toEqual({ admitted: false, used: 1 });
      expect(await store.consume(USER, 'create_strategy', DAY, 3)).toEqual({ admitted: true, used: 2 });
    });

    it('refuses everything on a limit of zero and counts nothing', async () => {
      const store = await make(USER);
      expect(await store.consume(USER, 'create_strategy', DAY, 0)).toEqual({ admitted: false, used: 0 });
      expect(await store.usage(USER, DAY)).toEqual({});
    });

    it('admits exactly the limit out of many concurrent calls', async () => {
      const store = await make(USER);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => store.consume(USER, 'find_iron_condors', DAY, 7)),
      );
      const admitted = results.filter((r) => r.admitted);
      expect(admitted).toHaveLength(7);
      expect(admitted.map((r) => r.used).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(results.every((r) => r.used <= 7)).toBe(true);
      expect(results.filter((r) => !r.admitted).every((r) => r.used === 7)).toBe(true);
      expect(await store.usage(USER, DAY)).toEqual({ find_iron_condors: 7 });
    });

    it('counts separately per tool, per user and per day', async () => {
      const store = await make(USER);
      await store.consume(USER, 'create_strategy', DAY, 1);
      expect(await store.consume(USER, 'propose_entry', DAY, 1)).toEqual({ admitted: true, used: 1 });
      expect(await store.consume(OTHER, 'create_strategy', DAY, 1)).toEqual({ admitted: true, used: 1 });
      expect(await store.consume(USER, 'create_strategy', NEXT_DAY, 1)).toEqual({ admitted: true, used: 1 });
      expect(await store.consume(USER, 'create_strategy', DAY, 1)).toEqual({ admitted: false, used: 1 });
    });

    it("reports a user's counts for a day by tool, leaving out tools without calls", async () => {
      const store = await make(USER);
      expect(await store.usage(USER, DAY)).toEqual({});
      await store.consume(USER, 'create_strategy', DAY, 10);
      await store.consume(USER, 'create_strategy', DAY, 10);
      await store.consume(USER, 'propose_exit', DAY, 10);
      await store.consume(USER, 'propose_exit', NEXT_DAY, 10);
      await store.consume(OTHER, 'find_iron_condors', DAY, 10);
      expect(await store.usage(USER, DAY)).toEqual({ create_strategy: 2, propose_exit: 1 });
      expect(await store.usage(USER, NEXT_DAY)).toEqual({ propose_exit: 1 });
      expect(await store.usage(OTHER, DAY)).toEqual({ find_iron_condors: 1 });
      expect(await store.usage(USER, '2026-01-07')).toEqual({});
    });
  });
}
