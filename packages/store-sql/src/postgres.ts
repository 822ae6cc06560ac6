import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { postgresTypes } from './postgres-types.js';
import type { Database } from './schema.js';

/** How openPostgres sets up its pool. */
export interface PostgresOptions {
  /** The schema the tables live in: the connections' search_path. It must exist. */
  readonly schema?: string;
  /** The most connections the pool opens (pg's default is 10). */
  readonly max?: number;
  /** Hears about idle connections that broke (the pool drops them and goes on). */
  readonly onIdleError?: (error: Error) => void;
}

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Opens a pool of connections to the PostgreSQL database at `url` (`postgres://…`). Connections are
 * lazy: nothing connects until the first query.
 *
 * @example
 * const db = openPostgres('postgres://condor@127.0.0.1:5432/condor', { schema: 'condor', max: 20 });
 * await migrateToLatest(db);
 */
export function openPostgres(url: string, options: PostgresOptions = {}): Kysely<Database> {
  // A server configured with extra_float_digits <= 0 (or one older than 12) would print doubles
  // rounded to 15 digits; 3 makes every server print them exactly.
  const settings = ['-c extra_float_digits=3'];
  if (options.schema !== undefined) {
    if (!PLAIN_IDENTIFIER.test(options.schema)) throw new Error(`Schema name ${JSON.stringify(options.schema)} is not a plain lower-case identifier`);
    settings.push(`-c search_path=${options.schema}`);
  }
  // pg gives options from the URL precedence over these, which would silently drop them.
  if (/[?&]options=/.test(url)) throw new Error('openPostgres sets the connection options itself; remove options= from the database URL');
  const pool = new pg.Pool({
    connectionString: url,
    types: postgresTypes,
    options: settings.join(' '),
    ...(options.max === undefined ? {} : { max: options.max }),
  });
  // An idle connection that breaks (a server restart) is dropped by the pool, which then emits
  // 'error'; unheard, that event would end the process. The next query opens a fresh connection.
  pool.on('error', (error) => options.onIdleError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
