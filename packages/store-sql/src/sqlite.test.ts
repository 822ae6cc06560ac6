import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite.js';

const temp = tempSqlite();

const pragma = async (db: Kysely<Database>, name: string): Promise<unknown> => {
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(db);
  return Object.values(rows[0] ?? {})[0];
};

describe('openSqlite', () => {
  it('creates the parent folder and opens the file in WAL mode with the configured pragmas', async () => {
    const file = temp.file();
    const db = openSqlite(file);
    try {
      expect(await pragma(db, 'journal_mode')).toBe('wal');
      expect(existsSync(file)).toBe(true); // opened at the first statement
      expect(await pragma(db, 'foreign_keys')).toBe(1);
      expect(await pragma(db, 'busy_timeout')).toBe(5000);
      expect(await pragma(db, 'synchronous')).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('shares one connection among the Kyselys of this process on one file, open until the last is destroyed', async () => {
    const file = temp.file();
    const [first, second] = [openSqlite(file), openSqlite(file)];
    await sql`create table t (n integer)`.execute(first);
    // Both write in the same turn: on two connections the second would wait out the busy timeout on the first's lock.
    await Promise.all([sql`insert into t values (1)`.execute(first), sql`insert into t values (2)`.execute(second)]);
    await first.destroy();
    const { rows } = await sql<{ n: number }>`select n from t order by n`.execute(second);
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    await second.destroy();
    const third = openSqlite(file);
    try {
      expect((await sql<{ n: number }>`select count(*) as n from t`.execute(third)).rows[0]?.n).toBe(2);
    } finally {
      await third.destroy();
    }
  });

  it('accepts :memory:', async () => {
    const db = openSqlite(':memory:');
    try {
      expect(await pragma(db, 'foreign_keys')).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
