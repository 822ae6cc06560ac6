import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { markingUnavailable } from './unavailable-marking.js';

/** Opens (creating if needed) a SQLite database file, or ':memory:', in WAL mode with foreign keys on; statements are prepared once. */
export function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:' && file !== '') mkdirSync(dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: markingUnavailable(new SqliteDialect({ database: withStatementCache(database) })) });
}
