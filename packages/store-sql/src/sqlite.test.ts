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
      expect(existsSync(file)).toBe(true);
      expect(await pragma(db, 'journal_mode')).toBe('wal');
      expect(await pragma(db, 'foreign_keys')).toBe(1);
      expect(await pragma(db, 'busy_timeout')).toBe(5000);
      expect(await pragma(db, 'synchronous')).toBe(1);
    } finally {
      await db.destroy();
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
