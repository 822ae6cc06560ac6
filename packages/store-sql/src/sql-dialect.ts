import { PostgresIntrospector, SqliteIntrospector } from 'kysely';
import type { Kysely } from 'kysely';

/** The SQL databases the stores run on. */
export type SqlDialect = 'sqlite' | 'postgres';

/** The dialect a Kysely instance talks, for the few statements that must be written per dialect. */
export function dialectOf<DB>(db: Kysely<DB>): SqlDialect {
  const { introspection } = db;
  if (introspection instanceof PostgresIntrospector) return 'postgres';
  if (introspection instanceof SqliteIntrospector) return 'sqlite';
  throw new Error('The SQL stores run on SQLite or PostgreSQL only');
}
