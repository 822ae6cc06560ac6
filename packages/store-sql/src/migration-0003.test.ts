import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import { migrateToLatest, migrations } from './migrations.js';

const temp = tempSqlite();

describe('migration 0003_strategies', () => {
  it('adds the strategy run and saved strategy tables', async () => {
    const db = await temp.migrated();
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['strategy_runs', 'saved_strategies']));
  });

  it('indexes runs by owner and time, and makes the active mark and (owner, run, rank) unique', async () => {
    const db = await temp.migrated();
    const columns = await sql<{ name: string }>`select name from pragma_index_info('strategy_runs_owner_id_created_at_id_idx') order by seqno`.execute(db);
    expect(columns.rows.map((r) => r.name)).toEqual(['owner_id', 'created_at', 'id']);
    const indexes = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list('saved_strategies')`.execute(db);
    expect(indexes.rows).toContainEqual({ name: 'saved_strategies_owner_id_active_ticker_key', unique: 1 });
    const keys = await sql<{ name: string }>`select ii.name from pragma_index_list('saved_strategies') il, pragma_index_info(il.name) ii where il.origin = 'u' order by ii.seqno`.execute(db);
    expect(keys.rows.map((r) => r.name)).toEqual(['owner_id', 'run_id', 'rank']);
  });

  it('refers saved strategies to their owner and to a run of the same owner, keeping referenced runs', async () => {
    const db = await temp.migrated();
    const references = await sql<{ table: string; from: string; to: string; on_delete: string }>`
      select "table", "from", "to", on_delete from pragma_foreign_key_list('saved_strategies') order by id, seq`.execute(db);
    expect(references.rows).toEqual(
      expect.arrayContaining([
        { table: 'users', from: 'owner_id', to: 'id', on_delete: 'NO ACTION' },
        { table: 'strategy_runs', from: 'owner_id', to: 'owner_id', on_delete: 'RESTRICT' },
        { table: 'strategy_runs', from: 'run_id', to: 'id', on_delete: 'RESTRICT' },
      ]),
    );
  });

  it('applies after 0002 on an existing database, and rolls back to it', async () => {
    const db = temp.open();
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const down = await migrator.migrateTo('0002_onboarding_billing_limits');
    expect(down.error).toBeUndefined();
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).not.toContain('strategy_runs');
    expect(names).not.toContain('saved_strategies');
    expect(names).toContain('subscriptions');
    await migrateToLatest(db);
    expect((await db.introspection.getTables()).map((t) => t.name)).toEqual(expect.arrayContaining(['strategy_runs', 'saved_strategies']));
  });
});
