import type { McpSessionStore, Sealed } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const IDLE = 30 * 60_000;
const WINDOW = 1_000;
const STALE = 120_000;
const SEALED: Sealed = { keyId: 'k1', nonce: 'bm9uY2U=', ciphertext: 'Y2lwaGVydGV4dA==' };

/** The behaviour every McpSessionStore adapter must show. `make` returns a fresh, empty store. */
export function mcpSessionStoreContract(adapter: string, make: () => Promise<McpSessionStore>): void {
  describe(`McpSessionStore contract: ${adapter}`, () => {
    it('finds a session it created, marking it seen, and nothing else', async () => {
      const store = await make();
      await store.create('s1', T0);
      expect(await store.touch('s1', T0 + 5_000, IDLE)).toEqual({ id: 's1', createdAt: T0, lastSeenAt: T0 + 5_000, boundToken: null });
      expect(await store.touch('s1', T0 + 6_000, IDLE)).toMatchObject({ createdAt: T0, lastSeenAt: T0 + 6_000 });
      expect(await store.touch('s2', T0, IDLE)).toBeNull();
    });

    it('refuses a second session under the same id', async () => {
      const store = await make();
      await store.create('s1', T0);
      await expect(store.create('s1', T0 + 1)).rejects.toThrow();
    });

    it('ends a session idle for the timeout, and only from then on', async () => {
      const store = await make();
      await store.create('s1', T0);
      expect(await store.touch('s1', T0 + IDLE - 1, IDLE)).not.toBeNull();
      expect(await store.touch('s1', T0 + 2 * IDLE - 2, IDLE)).not.toBeNull();
      expect(await store.touch('s1', T0 + 3 * IDLE - 2, IDLE)).toBeNull();
      expect(await store.touch('s1', T0 + 3 * IDLE, 100 * IDLE)).toBeNull();
    });

    it('binds a sealed token, unbinds it, and reports a session that is gone', async () => {
      const store = await make();
      await store.create('s1', T0);
      expect(await store.bind('s1', SEALED)).toBe(true);
      expect((await store.touch('s1', T0 + 1, IDLE))?.boundToken).toEqual(SEALED);
      expect(await store.bind('s1', null)).toBe(true);
      expect((await store.touch('s1', T0 + 2, IDLE))?.boundToken).toBeNull();
      expect(await store.bind('s9', SEALED)).toBe(false);
    });

    it('keeps calls in flight together in one batch, then joins within the window after a response', async () => {
      const store = await make();
      await store.create('s1', T0);
      expect(await store.beginCall('s1', 'c1', 'b1', T0, WINDOW, STALE)).toBe('b1');
      expect(await store.beginCall('s1', 'c2', 'b2', T0 + 50_000, WINDOW, STALE)).toBe('b1');
      await store.endCall('s1', 'c1', T0 + 60_000);
      expect(await store.beginCall('s1', 'c3', 'b3', T0 + 70_000, WINDOW, STALE)).toBe('b1');
      await store.endCall('s1', 'c2', T0 + 70_100);
      await store.endCall('s1', 'c3', T0 + 70_200);
      expect(await store.beginCall('s1', 'c4', 'b4', T0 + 70_200 + WINDOW - 1, WINDOW, STALE)).toBe('b1');
      await store.endCall('s1', 'c4', T0 + 80_000);
      expect(await store.beginCall('s1', 'c5', 'b5', T0 + 80_000 + WINDOW, WINDOW, STALE)).toBe('b5');
    });

    it('keeps the latest response time when calls end out of order', async () => {
      const store = await make();
      await store.create('s1', T0);
      await store.beginCall('s1', 'c1', 'b1', T0, WINDOW, STALE);
      await store.beginCall('s1', 'c2', 'b2', T0, WINDOW, STALE);
      await store.endCall('s1', 'c1', T0 + 5_000);
      await store.endCall('s1', 'c2', T0 + 4_000);
      expect(await store.beginCall('s1', 'c3', 'b3', T0 + 5_000 + WINDOW - 1, WINDOW, STALE)).toBe('b1');
    });

    it('stops counting a call that never ended once it is stale', async () => {
      const store = await make();
      await store.create('s1', T0);
      await store.beginCall('s1', 'lost', 'b1', T0, WINDOW, STALE);
      expect(await store.beginCall('s1', 'c2', 'b2', T0 + STALE - 1, WINDOW, STALE)).toBe('b1');
      await store.endCall('s1', 'c2', T0 + STALE);
      expect(await store.beginCall('s1', 'c3', 'b3', T0 + STALE + WINDOW, WINDOW, STALE)).toBe('b3');
    });

    it('keeps counting a long call its instance keeps alive, and never revives one that ended', async () => {
      const store = await make();
      await store.create('s1', T0);
      await store.beginCall('s1', 'long', 'b1', T0, WINDOW, STALE);
      await store.keepCall('s1', 'long', T0 + STALE - 1);
      expect(await store.beginCall('s1', 'c2', 'b2', T0 + 2 * STALE - 2, WINDOW, STALE)).toBe('b1');
      await store.endCall('s1', 'c2', T0 + 2 * STALE - 2);
      await store.endCall('s1', 'long', T0 + 2 * STALE - 1);
      await store.keepCall('s1', 'long', T0 + 2 * STALE);
      expect(await store.beginCall('s1', 'c3', 'b3', T0 + 2 * STALE - 1 + WINDOW, WINDOW, STALE)).toBe('b3');
      await expect(store.keepCall('gone', 'c1', T0)).resolves.toBeUndefined();
    });

    it('keeps sessions apart', async () => {
      const store = await make();
      await store.create('s1', T0);
      await store.create('s2', T0);
      expect(await store.beginCall('s1', 'c1', 'b1', T0, WINDOW, STALE)).toBe('b1');
      expect(await store.beginCall('s2', 'c1', 'b2', T0, WINDOW, STALE)).toBe('b2');
      await store.endCall('s1', 'c1', T0 + 10);
      expect(await store.beginCall('s2', 'c3', 'b3', T0 + 20, WINDOW, STALE)).toBe('b2');
    });

    it('puts concurrent calls of one session into one batch', async () => {
      const store = await make();
      await store.create('s1', T0);
      const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => store.beginCall('s1', `c${i}`, `b${i}`, T0 + i, WINDOW, STALE)));
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^b\d+$/);
    });

    it('gives a call of a session that is gone its own candidate', async () => {
      const store = await make();
      expect(await store.beginCall('gone', 'c1', 'b1', T0, WINDOW, STALE)).toBe('b1');
      await expect(store.endCall('gone', 'c1', T0 + 1)).resolves.toBeUndefined();
    });

    it('ends a session once', async () => {
      const store = await make();
      await store.create('s1', T0);
      expect(await store.end('s1')).toBe(true);
      expect(await store.end('s1')).toBe(false);
      expect(await store.touch('s1', T0 + 1, IDLE)).toBeNull();
    });

    it('ends the sessions last seen before a time, and counts them', async () => {
      const store = await make();
      await store.create('old', T0);
      await store.create('seen', T0);
      await store.create('new', T0 + 10_000);
      await store.touch('seen', T0 + 10_000, IDLE);
      expect(await store.endIdle(T0 + 10_000)).toBe(1);
      expect(await store.touch('old', T0 + 10_001, IDLE)).toBeNull();
      expect(await store.touch('seen', T0 + 10_001, IDLE)).not.toBeNull();
      expect(await store.touch('new', T0 + 10_001, IDLE)).not.toBeNull();
      expect(await store.endIdle(T0)).toBe(0);
    });
  });
}
