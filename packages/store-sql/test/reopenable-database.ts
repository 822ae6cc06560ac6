import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { openPostgres } from '../src/postgres.js';
import type { Database } from '../src/schema.js';
import type { SqlDialect } from '../src/sql-dialect.js';
import { openSqlite } from '../src/sqlite.js';
import { postgresTestUrl } from './temp-database.js';
import { tempPostgres } from './temp-postgres.js';
import { tempSqlite } from './temp-sqlite.js';

/** One fresh, empty database that can be closed and opened again, by this process or another. */
export interface ReopenableDatabase {
  /** A new connection (SQLite: the first one open on the file) or pool (PostgreSQL) onto the database. */
  open(): Kysely<Database>;
  /** Closes what `open` gave; whatever is still open is closed after the test. */
  close(db: Kysely<Database>): Promise<void>;
  /** Where another process finds the database: `['sqlite', file]` or `['postgres', url, schema]`. */
  readonly where: readonly string[];
}

/**
 * Fresh reopenable databases of each dialect the tests run on (PostgreSQL when CONDOR_TEST_DATABASE_URL is set),
 * removed after each test. Call once at the top of a test file: it registers the clean-up hooks.
 */
export function reopenableDatabases(): Readonly<Partial<Record<SqlDialect, () => Promise<ReopenableDatabase>>>> {
  const open = new Set<Kysely<Database>>();
  afterEach(async () => {
    for (const db of open) await db.destroy();
    open.clear();
  });
  const reopenable = (connect: () => Kysely<Database>, where: readonly string[]): ReopenableDatabase => ({
    open: () => {
      const db = connect();
      open.add(db);
      return db;
    },
    close: async (db) => {
      if (open.delete(db)) await db.destroy();
    },
    where,
  });
  const sqlite = tempSqlite();
  const url = postgresTestUrl();
  const postgres = url === undefined ? undefined : tempPostgres(url);
  return {
    sqlite: () => {
      const file = sqlite.file();
      return Promise.resolve(reopenable(() => openSqlite(file), ['sqlite', file]));
    },
    ...(url !== undefined &&
      postgres !== undefined && {
        postgres: async () => {
          const schema = await postgres.freshSchema();
          return reopenable(() => openPostgres(url, { schema, max: 2 }), ['postgres', url, schema]);
        },
      }),
  };
}
