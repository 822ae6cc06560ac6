import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement; the least recently used is dropped beyond it. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as kysely's SQLite dialect sees it, with each SQL text prepared once and its
 * statement reused (kysely prepares on every query otherwise; preparing costs more than running a point
 * lookup). Kysely runs one query at a time on its one SQLite connection, so a statement is never in use twice.
 *
 * @example new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(new Database(file)) }) })
 */
export function withStatementCache(database: SqliteDatabase, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached !== undefined) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next();
        if (oldest.done !== true) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}
