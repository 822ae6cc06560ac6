import type { Kysely } from 'kysely';
import { migrateToLatest } from '../src/migrate.js';
import type { SqlDialect } from '../src/sql-dialect.js';
import type { Database } from '../src/schema.js';
import { tempPostgres } from './temp-postgres.js';
import { tempSqlite } from './temp-sqlite.js';

/** A database the store tests run on, handing out fresh databases that are cleaned up after each test. */
export interface TestDialect {
  /** For test names: `SqlXStore on ${name}`. */
  readonly name: 'SQLite' | 'PostgreSQL';
  readonly kind: SqlDialect;
  /** A fresh, empty database. */
  open(): Promise<Kysely<Database>>;
  /** A fresh database with every migration applied. */
  migrated(): Promise<Kysely<Database>>;
  /** `count` separate connections (SQLite) or pools (PostgreSQL) onto one fresh migrated database. */
  migratedMany(count: number): Promise<Kysely<Database>[]>;
}

/** The PostgreSQL server the tests may use (CONDOR_TEST_DATABASE_URL); without it, only SQLite is tested. */
export function postgresTestUrl(): string | undefined {
  const url = process.env['CONDOR_TEST_DATABASE_URL'];
  return url === undefined || url === '' ? undefined : url;
}

async function migratedFirst(dbs: Kysely<Database>[]): Promise<Kysely<Database>[]> {
  const [first] = dbs;
  if (first !== undefined) await migrateToLatest(first);
  return dbs;
}

/**
 * The dialects to run each store test on: SQLite always, PostgreSQL when CONDOR_TEST_DATABASE_URL is
 * set. Call once at the top of a test file: it registers the clean-up hooks.
 */
export function testDialects(): readonly TestDialect[] {
  const sqlite = tempSqlite();
  const dialects: TestDialect[] = [
    {
      name: 'SQLite',
      kind: 'sqlite',
      open: () => Promise.resolve(sqlite.open()),
      migrated: sqlite.migrated,
      migratedMany: (count) => migratedFirst(sqlite.openMany(count)),
    },
  ];
  const url = postgresTestUrl();
  if (url !== undefined) {
    const postgres = tempPostgres(url);
    dialects.push({
      name: 'PostgreSQL',
      kind: 'postgres',
      open: postgres.open,
      migrated: async () => {
        const db = await postgres.open();
        await migrateToLatest(db);
        return db;
      },
      migratedMany: async (count) => migratedFirst(await postgres.openMany(count)),
    });
  }
  return dialects;
}
