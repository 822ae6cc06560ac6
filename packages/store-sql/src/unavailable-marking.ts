import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * Errors that say the database cannot be reached or written right now, not that a statement is wrong: a refused or
 * dropped connection, a server shutting down or starting (PostgreSQL 57P01–57P03, 08xxx), a full disk (SQLite's
 * SQLITE_FULL, PostgreSQL's 53100), a database file that is locked for too long.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_BUSY', '53100', '57P01', '57P02', '57P03']);
const UNAVAILABLE_WORDS = /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_IOERR'))) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_WORDS.test(message);
}

/** Marks a database-unreachable error `unavailable: true` (core's `isStoreUnavailable`) and throws it on. */
function marked(error: unknown): never {
  if (isUnreachable(error)) Object.assign(error as object, { unavailable: true });
  throw error;
}

/** `work`'s answer, its error marked; a driver that throws before returning a promise (better-sqlite3's) counts too. */
async function watched<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return marked(error);
  }
}

class MarkingConnection implements DatabaseConnection {
  constructor(private readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return watched(() => this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      marked(error);
    }
  }
}

class MarkingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, MarkingConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return watched(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await watched(() => this.inner.acquireConnection());
    const known = this.wrapped.get(connection);
    if (known !== undefined) return known;
    const wrapper = new MarkingConnection(connection);
    this.wrapped.set(connection, wrapper);
    this.unwrap.set(wrapper, connection);
    return wrapper;
  }

  private readonly unwrap = new WeakMap<DatabaseConnection, DatabaseConnection>();

  private innerOf(connection: DatabaseConnection): DatabaseConnection {
    return this.unwrap.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return watched(() => this.inner.beginTransaction(this.innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return watched(() => this.inner.commitTransaction(this.innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return watched(() => this.inner.rollbackTransaction(this.innerOf(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` whose errors of an unreachable database come marked `unavailable`, so the shells answer 503, not 500. */
export function markingUnavailable(dialect: Dialect): Dialect {
  return {
    createDriver: () => new MarkingDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
