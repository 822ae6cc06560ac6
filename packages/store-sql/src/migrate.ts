import { Migrator, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql-dialect.js';

/**
 * The schema of the migration bookkeeping tables on PostgreSQL: the one the tables go to. Kysely
 * would otherwise take a `kysely_migration` table in any schema of the database as its own.
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? null;
  if (schema === null) throw new Error('Database migration cannot start: no schema on the search_path exists');
  return schema;
}

/** A Migrator over `migrations`, with its bookkeeping beside the tables it migrates. */
export async function migratorFor(db: Kysely<Database>): Promise<Migrator> {
  const schema = await migrationTableSchema(db);
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
}

/** Applies every pending migration; throws naming the migration that failed. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await (await migratorFor(db)).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error')?.migrationName;
  const reason = error instanceof Error ? error.message : JSON.stringify(error);
  throw new Error(`Database migration ${failed ?? '(before any migration ran)'} failed: ${reason}`, { cause: error });
}
