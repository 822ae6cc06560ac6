import { quotaStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { tempSqlite } from '../test/temp-sqlite.js';
import { SqlQuotaStore } from './sql-quota-store.js';

const temp = tempSqlite();

quotaStoreContract('SqlQuotaStore on a SQLite file', async (ownerId) => new SqlQuotaStore(await migratedWithOwner(temp, ownerId)));

describe('SqlQuotaStore storage', () => {
  it('stores one row per user, tool and day, and none for a refused call on a zero limit', async () => {
    const db = await migratedWithOwner(temp);
    const store = new SqlQuotaStore(db);
    await store.consume(OWNER_ID, 'create_strategy', '2026-01-05', 0);
    await store.consume(OWNER_ID, 'propose_entry', '2026-01-05', 5);
    await store.consume(OWNER_ID, 'propose_entry', '2026-01-05', 5);
    expect(await db.selectFrom('quota_usage').selectAll().execute()).toEqual([
      { user_id: OWNER_ID, tool: 'propose_entry', day: '2026-01-05', used: 2 },
    ]);
  });
});
