import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/postgres.js';
import { TEST_DATABASE_URL } from './fresh-postgres-database.js';

/**
 * A PostgreSQL restart ends every connection, also one a request holds between two statements (in a transaction,
 * say). pg's pool listens for errors only on idle connections, so a held one's error event, unheard, ended the
 * process (issue 27, item 3: PostgreSQL restarted during a burst of confirms). The pool must hear it: the request
 * fails, the process lives on, and the next query opens a fresh connection.
 */

// vitest.config.ts includes *.pg.test.ts only when CONDOR_TEST_DATABASE_URL is set.
if (TEST_DATABASE_URL === null) throw new Error('connection-terminated.pg.test.ts needs CONDOR_TEST_DATABASE_URL');
const serverUrl: string = TEST_DATABASE_URL;

describe('a held PostgreSQL connection ended by the server', () => {
  const dropped: Error[] = [];
  const db = openPostgres(serverUrl, { onIdleError: (error) => dropped.push(error) });
  const admin = new pg.Client({ connectionString: serverUrl });

  afterAll(async () => {
    await db.destroy();
    await admin.end();
  });

  it('fails the work that held it, tells onIdleError, and leaves the pool serving', async () => {
    await admin.connect();
    const held = db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      // The termination arrives while the connection is checked out and runs no query.
      for (let waited = 0; dropped.length === 0 && waited < 2_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      await sql`select 1`.execute(trx);
    });
    await expect(held).rejects.toThrow();
    expect(dropped.length).toBeGreaterThan(0);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });
});
