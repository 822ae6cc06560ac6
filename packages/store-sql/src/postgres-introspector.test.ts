import { PostgresIntrospector, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../test/temp-database.js';
import { tempPostgres } from '../test/temp-postgres.js';
import { migrateToLatest } from './migrate.js';
import { OidPostgresIntrospector } from './postgres-introspector.js';

const url = postgresTestUrl();
if (url !== undefined) {
  const temp = tempPostgres(url);

  /** Runs `sql` on a connection of its own, as another instance or another file's tests would. */
  async function elsewhere(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  describe('OidPostgresIntrospector', () => {
    it('answers what Kysely’s PostgresIntrospector answers', async () => {
      const db = await temp.open();
      await migrateToLatest(db);
      await sql`create table counted (id serial primary key, n integer generated always as identity, note text default 'x')`.execute(db);
      await sql`comment on column counted.note is 'a note'`.execute(db);
      await sql`create view counted_notes as select note from counted`.execute(db);
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
      for (const withInternalKyselyTables of [false, true]) {
        const ours = (await new OidPostgresIntrospector(db as unknown as Kysely<unknown>).getTables({ withInternalKyselyTables })).filter((t) => t.schema === schema);
        const kysely = (await new PostgresIntrospector(db as unknown as Kysely<unknown>).getTables({ withInternalKyselyTables })).filter((t) => t.schema === schema);
        expect(ours).toEqual(kysely);
        expect(ours.find((t) => t.name === 'counted')?.columns.map((c) => [c.name, c.isAutoIncrementing, c.comment])).toEqual([
          ['id', true, undefined],
          ['n', true, undefined],
          ['note', false, 'a note'],
        ]);
      }
    });

    it('lists the tables while another session drops a schema or a column its snapshot still shows', async () => {
      const db = await temp.open();
      await migrateToLatest(db);
      const other = `t_other_${String(process.pid)}_${String(Date.now())}`;
      await elsewhere(`create schema ${other}; create table ${other}.t (a integer, b integer); create table ${other}.u (a integer)`);
      try {
        await db
          .transaction()
          .setIsolationLevel('repeatable read')
          .execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await elsewhere(`alter table ${other}.t drop column b`);
            await elsewhere(`drop schema ${other} cascade`);
            expect((await trx.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name)).toContain('kysely_migration');
            await expect(new PostgresIntrospector(trx).getTables()).rejects.toThrow(/does not exist/);
          });
      } finally {
        await elsewhere(`drop schema if exists ${other} cascade`);
      }
    });

    it('is the introspector of a pool openPostgres opens', async () => {
      expect((await temp.open()).introspection).toBeInstanceOf(OidPostgresIntrospector);
    });
  });
}
