import { quotaStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import { SqlQuotaStore } from './sql-quota-store.js';

const DAY = '2026-01-05';

for (const dialect of testDialects()) {
  quotaStoreContract(`SqlQuotaStore on ${dialect.name}`, async (ownerId) => new SqlQuotaStore(await migratedWithOwner(dialect, ownerId)));

  describe(`SqlQuotaStore storage on ${dialect.name}`, () => {
    it('stores one row per user, tool and day, and none for a refused call on a zero limit', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlQuotaStore(db);
      await store.consume(OWNER_ID, 'create_strategy', DAY, 0);
      await store.consume(OWNER_ID, 'propose_entry', DAY, 5);
      await store.consume(OWNER_ID, 'propose_entry', DAY, 5);
      expect(await db.selectFrom('quota_usage').selectAll().execute()).toEqual([
        { user_id: OWNER_ID, tool: 'propose_entry', day: DAY, used: 2 },
      ]);
    });

    it('admits exactly the limit of many calls made at once through separate connections, from the very first call', async () => {
      const stores = (await dialect.migratedMany(5)).map((db) => new SqlQuotaStore(db));
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => stores[i % stores.length]!.consume(OWNER_ID, 'find_iron_condors', DAY, 13)),
      );
      const admitted = results.filter((r) => r.admitted);
      expect(admitted.map((r) => r.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      expect(results.filter((r) => !r.admitted).every((r) => r.used === 13)).toBe(true);
      expect(await stores[2]!.usage(OWNER_ID, DAY)).toEqual({ find_iron_condors: 13 });
    });
  });
}
