import type { Kysely } from 'kysely';
import { openPostgres } from './postgres.js';
import type { Database } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';
import { openSqlite } from './sqlite.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/**
 * Opens the database a URL names: `postgres://` or `postgresql://` is PostgreSQL, anything else a
 * SQLite file path (or `:memory:`).
 */
export function openDatabase(url: string, options: { onIdleError?: (error: Error) => void } = {}): { db: Kysely<Database>; dialect: SqlDialect } {
  return POSTGRES_URL.test(url) ? { db: openPostgres(url, options), dialect: 'postgres' } : { db: openSqlite(url), dialect: 'sqlite' };
}
