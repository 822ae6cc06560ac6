import type { Kysely } from 'kysely';
import type { SqlDialect } from '../src/sql-dialect.js';
import type { Database } from '../src/schema.js';
import { postgresSchemaFacts } from './schema-facts-postgres.js';
import { sqliteSchemaFacts } from './schema-facts-sqlite.js';
import type { SchemaFacts } from './schema-facts-shape.js';

/** The schema facts of `db`, a database of the `dialect`. */
export function schemaFacts(dialect: SqlDialect, db: Kysely<Database>): SchemaFacts {
  return dialect === 'sqlite' ? sqliteSchemaFacts(db) : postgresSchemaFacts(db);
}
