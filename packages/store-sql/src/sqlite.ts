import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { groupCommitSqlite } from './sqlite-group-commit.js';
import { markingUnavailable } from './unavailable-marking.js';

/**
 * Opens (creating if needed) a SQLite database file, or ':memory:', in WAL mode with foreign keys on; statements are
 * prepared once, the writes of one turn of the event loop commit together, and every Kysely this process opens on one
 * file shares its connection (`groupCommitSqlite`).
 * `synchronous = NORMAL` under WAL: a commit is in the WAL file (the operating system's cache) when it returns, so
 * every answered write survives a crash of the process; only a power loss or an operating-system crash can take back
 * the last commits before the next checkpoint (never corrupting the file), which a single-machine deployment accepts.
 */
export function openSqlite(file: string): Kysely<Database> {
  const inMemory = file === ':memory:' || file === '';
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const open = (): SqliteDatabase.Database => {
    const database = new SqliteDatabase(file);
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    return database;
  };
  return new Kysely<Database>({ dialect: markingUnavailable(groupCommitSqlite(open, inMemory ? null : resolve(file))) });
}
