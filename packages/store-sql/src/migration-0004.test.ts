import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import { migrateToLatest, migrations } from './migrations.js';

const temp = tempSqlite();
const TABLES = ['broker_links', 'proposals', 'positions'];

describe('migration 0004_trading', () => {
  it('adds the broker link, proposal and position tables', async () => {
    const db = await temp.migrated();
    const names = (await db.introspection.getTables()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(TABLES));
  });

  it('keys broker links by owner, and indexes proposals by owner and id, positions by owner and open time', async () => {
    const db = await temp.migrated();
    const key = await sql<{ name: string }>`select name from pragma_table_info('broker_links') where pk > 0`.execute(db);
    expect(key.rows.map((r) => r.name)).toEqual(['owner_id']);
    const indexColumns = async (index: string) =>
      (await sql<{ name: string }>`select name from pragma_index_info(${index}) order by seqno`.execute(db)).rows.map((r) => r.name);
    expect(await indexColumns('proposals_owner_id_id_idx')).toEqual(['owner_id', 'id']);
    expect(await indexColumns('positions_owner_id_opened_at_id_idx')).toEqual(['owner_id', 'opened_at', 'id']);
  });

  it('stores prices as doubles', async () => {
    const db = await temp.migrated();
    const types = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_info('proposals') where name in ('limit_price', 'max_loss')
      union all select name, type from pragma_table_info('positions') where name = 'entry_credit'`.execute(db);
    expect(types.rows).toEqual([
      { name: 'limit_price', type: 'double precision' },
      { name: 'max_loss', type: 'double precision' },
      { name: 'entry_credit', type: 'double precision' },
    ]);
  });

  it('refers every new table to its owner', async () => {
    const db = await temp.migrated();
    for (const table of TABLES) {
      const references = await sql<{ table: string; from: string; to: string }>`
        select "table", "from", "to" from pragma_foreign_key_list(${table})`.execute(db);
      expect(references.rows).toEqual([{ table: 'users', from: 'owner_id', to: 'id' }]);
    }
  });

  it('applies after 0003 on an existing database, and rolls back to it', async () => {
    const db = temp.open();
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
    const down = await migrator.migrateTo('0003_strategies');
    expect(down.error).toBeUndefined();
    const names = (await db.introspection.getTables()).map((t) => t.name);
    for (const table of TABLES) expect(names).not.toContain(table);
    expect(names).toEqual(expect.arrayContaining(['strategy_runs', 'saved_strategies']));
    await migrateToLatest(db);
    expect((await db.introspection.getTables()).map((t) => t.name)).toEqual(expect.arrayContaining(TABLES));
  });
});
