import type { CallBatchStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const WINDOW = 1_000;
const STALE = 120_000;

/** The behaviour every CallBatchStore adapter must show. `make` returns a fresh, empty store. */
export function callBatchStoreContract(adapter: string, make: () => Promise<CallBatchStore>): void {
  describe(`CallBatchStore contract: ${adapter}`, () => {
    it("starts a principal's first call in a batch under its candidate", async () => {
      const store = await make();
      expect(await store.beginCall('user:u1', 'c1', 'b1', T0, WINDOW, STALE)).toBe('b1');
    });

    it('keeps calls in flight together in one batch, then joins within the window after a response', async () => {
      const store = await make();
      expect(await store.beginCall('user:u1', 'c1', 'b1', T0, WINDOW, STALE)).toBe('b1');
      expect(await store.beginCall('user:u1', 'c2', 'b2', T0 + 50_000, WINDOW, STALE)).toBe('b1');
      await store.endCall('user:u1', 'c1', T0 + 60_000);
      expect(await store.beginCall('user:u1', 'c3', 'b3', T0 + 70_000, WINDOW, STALE)).toBe('b1');
      await store.endCall('user:u1', 'c2', T0 + 70_100);
      await store.endCall('user:u1', 'c3', T0 + 70_200);
      expect(await store.beginCall('user:u1', 'c4', 'b4', T0 + 70_200 + WINDOW - 1, WINDOW, STALE)).toBe('b1');
    });

    it('starts a new batch under the candidate once the window after the last response has passed', async () => {
      const store = await make();
      await store.beginCall('user:u1', 'c1', 'b1', T0, WINDOW, STALE);
      await store.endCall('user:u1', 'c1', T0 + 10);
      expect(await store.beginCall('user:u1', 'c2', 'b2', T0 + 10 + WINDOW, WINDOW, STALE)).toBe('b2');
      expect(await store.beginCall('user:u1', 'c3', 'b3', T0 + 20 + WINDOW, WINDOW, STALE)).toBe('b2');
    });

    it('keeps the latest response time when calls end out of order', async () => {
      const store = await make();
      await store.beginCall('user:u1', 'c1', 'b1', T0, WINDOW, STALE);
      await store.beginCall('user:u1', 'c2', 'b2', T0, WINDOW, STALE);
      await store.endCall('user:u1', 'c1', T0 + 5_000);
      await store.endCall('user:u1', 'c2', T0 + 4_000);
      expect(await store.beginCall('user:u1', 'c3', 'b3', T0 + 5_000 + WINDOW - 1, WINDOW, STALE)).toBe('b1');
      await store.endCall('user:u1', 'c3', T0 + 5_000 + WINDOW - 1);
      expect(await store.beginCall('user:u1', 'c4', 'b4', T0 + 5_000 + 2 * WINDOW - 1, WINDOW, STALE)).toBe('b4');
    });

    it('stops counting a call that never ended once it is stale', async () => {
      const store = await make();
      await store.beginCall('user:u1', 'lost', 'b1', T0, WINDOW, STALE);
      expect(await store.beginCall('user:u1', 'c2', 'b2', T0 + STALE - 1, WINDOW, STALE)).toBe('b1');
      await store.endCall('user:u1', 'c2', T0 + STALE);
      expect(await store.beginCall('user:u1', 'c3', 'b3', T0 + STALE + WINDOW, WINDOW, STALE)).toBe('b3');
    });

    it('keeps counting a long call its instance keeps alive, and never revives one that ended', async () => {
      const store = await make();
      await store.beginCall('user:u1', 'long', 'b1', T0, WINDOW, STALE);
      await store.keepCall('user:u1', 'long', T0 + STALE - 1);
      expect(await store.beginCall('user:u1', 'c2', 'b2', T0 + 2 * STALE - 2, WINDOW, STALE)).toBe('b1');
      await store.endCall('user:u1', 'c2', T0 + 2 * STALE - 2);
      await store.endCall('user:u1', 'long', T0 + 2 * STALE - 1);
      await store.keepCall('user:u1', 'long', T0 + 2 * STALE);
      expect(await store.beginCall('user:u1', 'c3', 'b3', T0 + 2 * STALE - 1 + WINDOW, WINDOW, STALE)).toBe('b3');
    });

    it('never puts calls of different principals into one batch', async () => {
      const store = await make();
      expect(await store.beginCall('user:u1', 'c1', 'b1', T0, WINDOW, STALE)).toBe('b1');
      expect(await store.beginCall('user:u2', 'c1', 'b2', T0, WINDOW, STALE)).toBe('b2');
      await store.endCall('user:u1', 'c1', T0 + 10);
      await store.endCall('user:u2', 'c1', T0 + 10);
      expect(await store.beginCall('user:u2', 'c3', 'b3', T0 + 10 + WINDOW, WINDOW, STALE)).toBe('b3');
      expect(await store.beginCall('user:u1', 'c4', 'b4', T0 + 10 + WINDOW - 1, WINDOW, STALE)).toBe('b1');
      expect(await store.beginCall('key:k1', 'c5', 'b5', T0 + 10 + WINDOW - 1, WINDOW, STALE)).toBe('b5');
    });

    it('puts concurrent first calls of one principal into one batch', async () => {
      const store = await make();
      const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => store.beginCall('user:u1', `c${i}`, `b${i}`, T0 + i, WINDOW, STALE)));
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^b\d+$/);
    });

    it('does nothing for calls kept alive or ended of a principal it does not know', async () => {
      const store = await make();
      await expect(store.keepCall('user:u9', 'c1', T0)).resolves.toBeUndefined();
      await expect(store.endCall('user:u9', 'c1', T0)).resolves.toBeUndefined();
      expect(await store.purgeIdle(T0 + 1)).toBe(0);
      expect(await store.beginCall('user:u9', 'c2', 'b2', T0 + 1, WINDOW, STALE)).toBe('b2');
    });

    it('forgets the principals idle before a time, counts them, and counts keeping alive and ending as activity', async () => {
      const store = await make();
      await store.beginCall('user:old', 'c1', 'b-old', T0, WINDOW, STALE);
      await store.beginCall('user:kept', 'c1', 'b-kept', T0, WINDOW, STALE);
      await store.keepCall('user:kept', 'c1', T0 + 10_000);
      await store.beginCall('user:ended', 'c1', 'b-ended', T0, WINDOW, STALE);
      await store.endCall('user:ended', 'c1', T0 + 10_000);
      await store.beginCall('user:new', 'c1', 'b-new', T0 + 10_000, WINDOW, STALE);
      expect(await store.purgeIdle(T0 + 10_000)).toBe(1);
      expect(await store.purgeIdle(T0 + 10_000)).toBe(0);
      // The forgotten principal's call would still be in flight: only the purge explains a new batch.
      expect(await store.beginCall('user:old', 'c2', 'b-old-2', T0 + 10_001, WINDOW, STALE)).toBe('b-old-2');
      expect(await store.beginCall('user:kept', 'c2', 'b-kept-2', T0 + 10_001, WINDOW, STALE)).toBe('b-kept');
      expect(await store.beginCall('user:ended', 'c2', 'b-ended-2', T0 + 10_001, WINDOW, STALE)).toBe('b-ended');
      expect(await store.beginCall('user:new', 'c2', 'b-new-2', T0 + 10_001, WINDOW, STALE)).toBe('b-new');
      expect(await store.purgeIdle(T0 + 10_001)).toBe(0);
      expect(await store.purgeIdle(T0 + 10_002)).toBe(4);
    });
  });
}
