import { existsSync } from 'node:fs';
import { PostgresIntrospector, SqliteIntrospector, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresTestUrl, testDialects } from '../test/temp-database.js';
import { tempSqlite } from '../test/temp-sqlite.js';
import { openDatabase } from './open-database.js';

const temp = tempSqlite();

describe('openDatabase', () => {
  it('opens PostgreSQL for a postgres:// or postgresql:// URL, connecting only when first asked', async () => {
    for (const url of ['postgres://nobody@127.0.0.1:1/none', 'postgresql://nobody@127.0.0.1:1/none', 'POSTGRES://nobody@127.0.0.1:1/none']) {
      const { db, dialect } = openDatabase(url);
      expect(dialect).toBe('postgres');
      expect(db.introspection).toBeInstanceOf(PostgresIntrospector);
      await db.destroy();
    }
  });

  it('opens anything else as a SQLite file, or memory', async () => {
    const file = temp.file();
    for (const url of [file, ':memory:']) {
      const { db, dialect } = openDatabase(url);
      try {
        expect(dialect).toBe('sqlite');
        expect(db.introspection).toBeInstanceOf(SqliteIntrospector);
        expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.destroy();
      }
    }
    expect(existsSync(file)).toBe(true);
  });
});

for (const dialect of testDialects()) {
  describe(`the readiness probe on ${dialect.name}`, () => {
    it('answers select 1', async () => {
      const db = await dialect.open();
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    });
  });
}

const url = postgresTestUrl();
if (url !== undefined) {
  describe('openDatabase on a PostgreSQL server', () => {
    it('connects to the URL', async () => {
      const { db, dialect } = openDatabase(url);
      try {
        expect(dialect).toBe('postgres');
        expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
      } finally {
        await db.destroy();
      }
    });
  });
}
