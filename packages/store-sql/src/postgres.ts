import { Kysely } from 'kysely';
import pg from 'pg';
import { OidIntrospectedPostgresDialect } from './postgres-introspector.js';
import { postgresTypes } from './postgres-types.js';
import type { Database } from './schema.js';
import { markingUnavailable } from './unavailable-marking.js';

/** How openPostgres sets up its pool. */
export interface PostgresOptions {
  /** The schema the tables live in: the connections' search_path. It must exist. */
  readonly schema?: string;
  /** The most connections the pool opens (pg's default is 10). */
  readonly max?: number;
  /** Hears about connections that broke, idle or held (the pool drops them and goes on; a held one's work fails). */
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
  // A connection that breaks (a server restart) emits 'error'; unheard, that event would end the process. The
  // pool hears its idle connections (and drops them), but not one checked out and between two statements (in a
  // transaction, say): each connection gets a listener of its own. An idle one's error reaches both listeners,
  // as one object: it is told once. The next query opens a fresh connection.
  const told = new WeakSet<Error>();
  const tell = (error: Error): void => {
    if (told.has(error)) return;
    told.add(error);
    options.onIdleError?.(error);
  };
  pool.on('connect', (client) => client.on('error', tell));
  pool.on('error', tell);
  return new Kysely<Database>({ dialect: markingUnavailable(new OidIntrospectedPostgresDialect({ pool })) });
}
