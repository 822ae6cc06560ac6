import type { RateLimitStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const T0 = 1_767_623_400_000;
const WINDOW = 60_000;
const KEY = 'login:account:alice@example.com';

/**
 * The behaviour every RateLimitStore adapter must show. `make` returns a fresh store without windows,
 * in which the user with `ownerId` exists (the keys need no user).
 */
export function rateLimitStoreContract(adapter: string, make: (ownerId: string) => Promise<RateLimitStore>): void {

  describe(`RateLimitStore contract: ${adapter}`, () => {
    it('counts hits in a window that ends windowMs after the first', async () => {
      const store = await make(USER);
      expect(await store.hit(KEY, WINDOW, T0)).toEqual({ count: 1, resetAt: T0 + WINDOW });
      expect(await store.hit(KEY, WINDOW, T0 + 10)).toEqual({ count: 2, resetAt: T0 + WINDOW });
      expect(await store.hit(KEY, WINDOW, T0 + WINDOW - 1)).toEqual({ count: 3, resetAt: T0 + WINDOW });
    });

    it('starts a new window with a hit at or after the end of the old one', async () => {
      const store = await make(USER);
      await store.hit(KEY, WINDOW, T0);
      await store.hit(KEY, WINDOW, T0 + 1);
      expect(await store.hit(KEY, WINDOW, T0 + WINDOW)).toEqual({ count: 1, resetAt: T0 + 2 * WINDOW });
      expect(await store.hit(KEY, WINDOW, T0 + 5 * WINDOW + 7)).toEqual({ count: 1, resetAt: T0 + 6 * WINDOW + 7 });
    });

    it('peeks at the open window without counting, and sees zero when none is open', async () => {
      const store = await make(USER);
      expect(await store.peek(KEY, T0)).toEqual({ count: 0, resetAt: T0 });
      await store.hit(KEY, WINDOW, T0);
      await store.hit(KEY, WINDOW, T0 + 1);
      expect(await store.peek(KEY, T0 + 2)).toEqual({ count: 2, resetAt: T0 + WINDOW });
      expect(await store.peek(KEY, T0 + 3)).toEqual({ count: 2, resetAt: T0 + WINDOW });
      expect(await store.hit(KEY, WINDOW, T0 + 4)).toEqual({ count: 3, resetAt: T0 + WINDOW });
      expect(await store.peek(KEY, T0 + WINDOW)).toEqual({ count: 0, resetAt: T0 + WINDOW });
      expect(await store.peek(KEY, T0 + WINDOW + 9)).toEqual({ count: 0, resetAt: T0 + WINDOW + 9 });
    });

    it('forgets a window on reset, and the next hit opens a new one', async () => {
      const store = await make(USER);
      await store.hit(KEY, WINDOW, T0);
      await store.hit(KEY, WINDOW, T0 + 1);
      await store.reset(KEY);
      await store.reset('never-hit');
      expect(await store.peek(KEY, T0 + 2)).toEqual({ count: 0, resetAt: T0 + 2 });
      expect(await store.hit(KEY, WINDOW, T0 + 3)).toEqual({ count: 1, resetAt: T0 + 3 + WINDOW });
    });

    it('keeps each key in its own window', async () => {
      const store = await make(USER);
      await store.hit(KEY, WINDOW, T0);
      await store.hit(KEY, WINDOW, T0 + 1);
      expect(await store.hit('login:ip:203.0.113.7', WINDOW, T0 + 2)).toEqual({ count: 1, resetAt: T0 + 2 + WINDOW });
      await store.reset('login:ip:203.0.113.7');
      expect(await store.peek(KEY, T0 + 3)).toEqual({ count: 2, resetAt: T0 + WINDOW });
    });

    it('counts every one of many concurrent hits', async () => {
      const store = await make(USER);
      const results = await Promise.all(Array.from({ length: 25 }, () => store.hit(KEY, WINDOW, T0)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(await store.peek(KEY, T0 + 30)).toEqual({ count: 25, resetAt: T0 + WINDOW });
    });
  });
}
