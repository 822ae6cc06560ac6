import { rateLimitStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { migratedWithOwner } from '../test/migrated-with-owner.js';
import { tempSqlite } from '../test/temp-sqlite.js';
import { SqlRateLimitStore } from './sql-rate-limit-store.js';

const temp = tempSqlite();
const T0 = 1_767_623_400_000;

rateLimitStoreContract('SqlRateLimitStore on a SQLite file', async (ownerId) =>
  new SqlRateLimitStore(await migratedWithOwner(temp, ownerId)),
);

describe('SqlRateLimitStore storage', () => {
  it('keeps one row per key, rolled over in place and deleted on reset', async () => {
    const db = await migratedWithOwner(temp);
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
    const db = await migratedWithOwner(temp);
    const store = new SqlRateLimitStore(db);
    await store.hit('old', 1000, T0);
    await store.hit('open', 5000, T0);
    expect(await store.purgeEnded(T0 + 1000)).toBe(1);
    expect((await db.selectFrom('rate_limit_windows').select('key').execute()).map((r) => r.key)).toEqual(['open']);
    expect(await store.peek('open', T0 + 1000)).toEqual({ count: 1, resetAt: T0 + 5000 });
  });
});
