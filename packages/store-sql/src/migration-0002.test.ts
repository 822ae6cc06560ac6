import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import { migrateToLatest, migrations } from './migrations.js';

const temp = tempSqlite();

describe('migration 0002_onboarding_billing_limits', () => {
  it('adds the onboarding, subscription and limit tables', async () => {
    const db = await temp.migrated();
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['document_reads', 'document_acceptances', 'subscriptions', 'quota_usage', 'rate_limit_windows']),
    );
  });

  it('makes active_user_id unique', async () => {
    const db = await temp.migrated();
    const indexes = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list('subscriptions')`.execute(db);
    expect(indexes.rows).toContainEqual({ name: 'subscriptions_active_user_id_key', unique: 1 });
  });

  it('applies after 0001 on an existing database, and rolls back to it', async () => {
    const db = temp.open();
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const down = await migrator.migrateTo('0001_accounts');
    expect(down.error).toBeUndefined();
    expect((await db.introspection.getTables()).map((t) => t.name).sort()).toEqual(['refresh_tokens', 'session_families', 'users']);
    await migrateToLatest(db);
    expect((await db.introspection.getTables()).map((t) => t.name)).toContain('rate_limit_windows');
  });
});
