import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import { migrateToLatest } from './migrations.js';

const temp = tempSqlite();

describe('migrateToLatest', () => {
  it('creates the schema and is idempotent', async () => {
    const db = temp.open();
    await migrateToLatest(db);
    await migrateToLatest(db);
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name).sort()).toEqual([
      'broker_links',
      'document_acceptances',
      'document_reads',
      'positions',
      'proposals',
      'quota_usage',
      'rate_limit_windows',
      'refresh_tokens',
      'saved_strategies',
      'session_families',
      'strategy_runs',
      'subscriptions',
      'users',
    ]);
    const indexes = await sql<{ name: string }>`select name from pragma_index_list('refresh_tokens')`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toContain('refresh_tokens_family_id_idx');
  });

  it('throws a clear error naming the migration that failed', async () => {
    const db = temp.open();
    await sql`create table users (id text primary key)`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/Database migration 0001_accounts failed: .*users/);
  });
});
