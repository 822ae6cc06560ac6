import { rateLimitStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { migratedWithOwner } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import { SqlRateLimitStore } from './sql-rate-limit-store.js';

const T0 = 1_767_623_400_000;

for (const dialect of testDialects()) {
  rateLimitStoreContract(`SqlRateLimitStore on ${dialect.name}`, async (ownerId) =>
    new SqlRateLimitStore(await migratedWithOwner(dialect, ownerId)),
  );

  describe(`SqlRateLimitStore storage on ${dialect.name}`, () => {
    it('keeps one row per key, rolled over in place and deleted on reset', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlRateLimitStore(db);
      await store.hit('k', 1000, T0);
      await store.hit('k', 1000, T0 + 1000);
      expect(await db.selectFrom('rate_limit_windows').selectAll().execute()).toEqual([
        { key: 'k', count: 1, reset_at: T0 + 2000 },
      ]);
      await store.reset('k');
      expect(await db.selectFrom('rate_limit_windows').selectAll().execute()).toEqual([]);
    });

    it('purges ended windows and keeps open ones', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlRateLimitStore(db);
      await store.hit('old', 1000, T0);
      await store.hit('open', 5000, T0);
      expect(await store.purgeEnded(T0 + 1000)).toBe(1);
      expect((await db.selectFrom('rate_limit_windows').select('key').execute()).map((r) => r.key)).toEqual(['open']);
      expect(await store.peek('open', T0 + 1000)).toEqual({ count: 1, resetAt: T0 + 5000 });
    });

    it('counts every one of many hits made at once through separate connections, from the very first', async () => {
      const stores = (await dialect.migratedMany(5)).map((db) => new SqlRateLimitStore(db));
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % stores.length]!.hit('k', 1000, T0)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(results.every((r) => r.resetAt === T0 + 1000)).toBe(true);
      expect(await stores[1]!.peek('k', T0 + 1)).toEqual({ count: 60, resetAt: T0 + 1000 });
    });
  });
}
