import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../test/temp-database.js';
import { tempPostgres } from '../test/temp-postgres.js';
import { openPostgres } from './postgres.js';

describe('openPostgres', () => {
  it('refuses a schema name it would have to quote', () => {
    for (const schema of ['Condor', 't-1', 'a;drop', '', '1st']) {
      expect(() => openPostgres('postgres://nobody@127.0.0.1:1/none', { schema })).toThrow(/is not a plain lower-case identifier/);
    }
  });

  it('refuses a URL that carries connection options, which would replace its own', () => {
    expect(() => openPostgres('postgres://nobody@127.0.0.1:1/none?options=-c%20search_path%3Dx')).toThrow(/remove options= from the database URL/);
  });
});

const url = postgresTestUrl();
if (url !== undefined) {
  const temp = tempPostgres(url);

  describe('openPostgres on a server', () => {
    it('survives an idle connection the server drops, says so, and reconnects for the next query', async () => {
      const heard: Error[] = [];
      const db = openPostgres(url, { max: 1, onIdleError: (error) => heard.push(error) });
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        } finally {
          await admin.end();
        }
        await expect.poll(() => heard.length).toBe(1);
        expect(heard[0]?.message).toMatch(/terminat/i);
        const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        expect(again.rows[0]?.pid).not.toBe(rows[0]?.pid);
      } finally {
        await db.destroy();
      }
    });

    it('reads bigints as numbers, and fails the query when one is beyond the safe integers', async () => {
      const db = await temp.open();
      const { rows } = await sql<{ time: unknown; count: unknown }>`
        select 1767623400000::bigint as time, count(*) as count from (values (1), (2)) as v(x)`.execute(db);
      expect(rows).toEqual([{ time: 1_767_623_400_000, count: 2 }]);
      await expect(sql`select 9007199254740993::bigint as n`.execute(db)).rejects.toThrow(/bigint 9007199254740993 is beyond/);
      expect((await sql<{ n: unknown }>`select 9007199254740991::bigint as n`.execute(db)).rows).toEqual([{ n: Number.MAX_SAFE_INTEGER }]);
    });

    it('leaves pg’s global parsers alone: a pool of its own still reads bigints as strings', async () => {
      const db = await temp.open();
      const plain = new pg.Pool({ connectionString: url, max: 1 });
      try {
        expect((await sql<{ n: unknown }>`select 5::bigint as n`.execute(db)).rows).toEqual([{ n: 5 }]);
        expect((await plain.query('select 5::bigint as n')).rows).toEqual([{ n: '5' }]);
      } finally {
        await plain.end();
      }
    });

    it('gives doubles back exactly', async () => {
      const db = await temp.open();
      for (const value of [-(0.1 + 0.2), 1e-7, 5e-324, 1.7976931348623157e308, 123_456.789]) {
        const { rows } = await sql<{ d: unknown }>`select ${value}::double precision as d`.execute(db);
        expect(rows).toEqual([{ d: value }]);
      }
    });

    it('puts its connections on the schema it is given', async () => {
      const schema = await temp.freshSchema();
      const db = openPostgres(url, { schema, max: 2 });
      try {
        await sql`create table placed (id integer)`.execute(db);
        const { rows } = await sql<{ current: string; placed: string }>`
          select current_schema() as current, (select table_schema from information_schema.tables where table_name = 'placed') as placed`.execute(db);
        expect(rows).toEqual([{ current: schema, placed: schema }]);
      } finally {
        await db.destroy();
      }
    });
  });
}
