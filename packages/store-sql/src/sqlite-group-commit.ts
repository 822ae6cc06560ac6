import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { withStatementCache } from './statement-cache.js';

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** The transaction the writes of one turn of the event loop share, committed at the turn's end. */
interface Batch {
  /** Whether a statement in it wrote: then everything run in it is answered only once it commits. */
  dirty: boolean;
  readonly waiters: Waiter[];
}

/**
 * One better-sqlite3 connection shared by every query of the process, committing in groups: the first write
 * outside a transaction opens a transaction that every statement of the same turn of the event loop runs in, and
 * it commits at the turn's end (`setImmediate`). A statement runs at once, but its answer — a write's, and a
 * read's that ran after a write of the group — is handed out only once the group has committed, so no caller
 * acts on (or shows) a write that a crash could still take back. A kysely transaction is a savepoint inside the
 * group and has the connection to itself until it ends, as with kysely's own SQLite driver; its commit is answered
 * when the group commits. A statement that fails leaves the group's others in place (SQLite undoes that statement
 * only); should SQLite undo the whole group (a full disk, an I/O error), every caller in it gets the error.
 *
 * Durability is as for each write committed alone: a write is answered after its group's COMMIT returned.
 */
export class GroupCommitSqlite {
  private batch: Batch | null = null;
  /** The connection holding a kysely transaction (a savepoint), and those waiting for it to end. */
  private owner: DatabaseConnection | null = null;
  private readonly turn: (() => void)[] = [];
  private flushScheduled = false;
  /** Each SQL text prepared once (`withStatementCache`). */
  private readonly statements;

  constructor(private readonly db: BetterSqlite3.Database) {
    this.statements = withStatementCache(db);
  }

  connection(): GroupConnection {
    return new GroupConnection(this);
  }

  /** Whether another connection holds a transaction (checked again right before each use: a wait ends for all at once). */
  heldFrom(connection: DatabaseConnection): boolean {
    return this.owner !== null && this.owner !== connection;
  }

  /** Resolves when the transaction holding the connection ends. */
  nextTurn(): Promise<void> {
    return new Promise<void>((wake) => this.turn.push(wake));
  }

  async begin(connection: DatabaseConnection): Promise<void> {
    while (this.heldFrom(connection)) await this.nextTurn();
    this.owner = connection;
    this.open();
    this.db.exec('savepoint kysely_transaction');
  }

  commit(connection: DatabaseConnection): Promise<void> {
    try {
      this.db.exec('release kysely_transaction');
    } finally {
      this.release(connection);
    }
    return this.answered(undefined);
  }

  rollback(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.db.inTransaction) this.db.exec('rollback to kysely_transaction; release kysely_transaction');
    } finally {
      this.release(connection);
    }
    return Promise.resolve();
  }

  /** Runs one statement now; its answer once the group it ran in (if that wrote) has committed. */
  run<R>(connection: DatabaseConnection, { sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.prepare(sql) as BetterSqlite3.Statement;
    if (!statement.readonly && this.owner === null) this.open();
    let result: QueryResult<R>;
    try {
      if (statement.reader) {
        result = { rows: statement.all(parameters) as R[] };
      } else {
        const { changes, lastInsertRowid } = statement.run(parameters);
        result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
      }
    } catch (error) {
      if (this.batch !== null && !this.db.inTransaction) this.fail(error);
      throw error;
    }
    if (!statement.readonly && this.batch !== null) this.batch.dirty = true;
    // Inside a transaction the next statement needs this answer now; the transaction's commit waits for the group.
    if (this.owner === connection) return Promise.resolve(result);
    return this.answered(result);
  }

  /** Commits what is open and closes the connection. */
  close(): void {
    this.flush();
    this.statements.close();
  }

  private answered<T>(value: T): Promise<T> {
    const batch = this.batch;
    if (batch?.dirty !== true) return Promise.resolve(value);
    return new Promise<T>((resolve, reject) => {
      batch.waiters.push({ resolve: () => { resolve(value); }, reject });
    });
  }

  private open(): void {
    if (this.batch !== null) return;
    this.db.exec('begin');
    this.batch = { dirty: false, waiters: [] };
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  private release(connection: DatabaseConnection): void {
    if (this.owner !== connection) return;
    this.owner = null;
    for (const wake of this.turn.splice(0)) wake();
    // A transaction that outlived the turn held the group open: commit it now.
    if (this.batch !== null && !this.flushScheduled) this.flush();
  }

  private flush(): void {
    const batch = this.batch;
    if (batch === null || this.owner !== null) return;
    this.batch = null;
    try {
      if (this.db.inTransaction) this.db.exec('commit');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('rollback');
      for (const waiter of batch.waiters) waiter.reject(error);
      return;
    }
    for (const waiter of batch.waiters) waiter.resolve();
  }

  /** SQLite undid the whole group: nothing in it was committed. */
  private fail(error: unknown): void {
    const batch = this.batch;
    this.batch = null;
    for (const waiter of batch?.waiters ?? []) waiter.reject(error);
  }
}

class GroupConnection implements DatabaseConnection {
  constructor(private readonly group: GroupCommitSqlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    while (this.group.heldFrom(this)) await this.group.nextTurn();
    return this.group.run<R>(this, query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

/** The groups open on files in this process, by file, with how many Kysely instances use each. */
const shared = new Map<string, { group: GroupCommitSqlite; users: number }>();

class GroupCommitDriver implements Driver {
  private group: GroupCommitSqlite | null = null;

  constructor(
    private readonly database: () => BetterSqlite3.Database,
    private readonly file: string | null,
  ) {}

  init(): Promise<void> {
    const entry = this.file === null ? undefined : shared.get(this.file);
    if (entry !== undefined) {
      entry.users++;
      this.group = entry.group;
      return Promise.resolve();
    }
    this.group = new GroupCommitSqlite(this.database());
    if (this.file !== null) shared.set(this.file, { group: this.group, users: 1 });
    return Promise.resolve();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (this.group === null) return Promise.reject(new Error('The SQLite driver is not initialised'));
    return Promise.resolve(this.group.connection());
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return this.groupOf().begin(connection);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.groupOf().commit(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.groupOf().rollback(connection);
  }

  releaseConnection(): Promise<void> {
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    const entry = this.file === null ? undefined : shared.get(this.file);
    if (entry !== undefined && --entry.users > 0) {
      this.group = null;
      return Promise.resolve();
    }
    if (this.file !== null) shared.delete(this.file);
    this.group?.close();
    this.group = null;
    return Promise.resolve();
  }

  private groupOf(): GroupCommitSqlite {
    if (this.group === null) throw new Error('The SQLite driver is not initialised');
    return this.group;
  }
}

/**
 * Kysely's SQLite dialect over a better-sqlite3 database, committing in groups (`GroupCommitSqlite`). Every Kysely
 * of this process on one `file` shares one connection (`database` opens it for the first): a group holds the write
 * lock until the turn ends, and better-sqlite3 waits for a lock synchronously, so a second connection of the same
 * process would wait out its busy timeout on a group that cannot commit meanwhile. Null `file` (`:memory:`): not shared.
 *
 * @example new Kysely<Database>({ dialect: groupCommitSqlite(() => new Database(file), resolve(file)) })
 */
export function groupCommitSqlite(database: () => BetterSqlite3.Database, file: string | null): Dialect {
  return {
    createDriver: () => new GroupCommitDriver(database, file),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
