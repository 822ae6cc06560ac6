import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import { groupCommitSqlite } from './sqlite-group-commit.js';

interface Rows {
  items: { id: string; n: number };
}

const temp = tempSqlite();

/** A Kysely on a fresh file through the group-commit dialect, and a second, plain connection that sees only what was committed. */
async function twoConnections(): Promise<{ db: Kysely<Rows>; outside: SqliteDatabase.Database; committed: () => string[] }> {
  const file = temp.file();
  mkdirSync(dirname(file), { recursive: true });
  const db = new Kysely<Rows>({ dialect: groupCommitSqlite(() => new SqliteDatabase(file), file) });
  await sql`create table items (id text primary key, n integer not null)`.execute(db);
  const outside = new SqliteDatabase(file);
  const committed = (): string[] => (outside.prepare('select id from items order by id').all() as { id: string }[]).map((r) => r.id);
  return { db, outside, committed };
}

const tick = (): Promise<void> => new Promise((done) => setImmediate(done));

describe('groupCommitSqlite', () => {
  it('answers a write only once it is committed, and commits the writes of one turn together', async () => {
    const { db, outside, committed } = await twoConnections();
    try {
      let answered = 0;
      const writes = ['a', 'b', 'c'].map((id) =>
        db
          .insertInto('items')
          .values({ id, n: 1 })
          .execute()
          .then(() => {
            answered++;
            // Whoever hears of a write can rely on it: another connection already sees it.
            expect(committed()).toContain(id);
          }),
      );
      await Promise.resolve();
      expect(answered).toBe(0);
      await Promise.all(writes);
      expect(committed()).toEqual(['a', 'b', 'c']);
    } finally {
      outside.close();
      await db.destroy();
    }
  });

  it('a failing statement fails alone: the others of its group commit', async () => {
    const { db, outside, committed } = await twoConnections();
    try {
      await db.insertInto('items').values({ id: 'a', n: 1 }).execute();
      const results = await Promise.allSettled([
        db.insertInto('items').values({ id: 'b', n: 1 }).execute(),
        db.insertInto('items').values({ id: 'a', n: 2 }).execute(), // the key is taken
        db.insertInto('items').values({ id: 'c', n: 1 }).execute(),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(committed()).toEqual(['a', 'b', 'c']);
    } finally {
      outside.close();
      await db.destroy();
    }
  });

  it('a transaction has the connection to itself, sees its own writes, and a rollback undoes only its own', async () => {
    const { db, outside, committed } = await twoConnections();
    try {
      const order: string[] = [];
      const failing = db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 't1', n: 1 }).execute();
        order.push('t1');
        await tick(); // outlives the turn: the others wait for it
        const seen = await trx.selectFrom('items').select('id').execute();
        expect(seen.map((r) => r.id)).toContain('t1');
        order.push('t2');
        throw new Error('undo');
      });
      const other = db
        .insertInto('items')
        .values({ id: 'x', n: 1 })
        .execute()
        .then(() => order.push('x'));
      await expect(failing).rejects.toThrow('undo');
      await other;
      expect(order).toEqual(['t1', 't2', 'x']);
      expect(committed()).toEqual(['x']);
      const kept = await db.transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ n: 5 }).where('id', '=', 'x').execute();
        return trx.selectFrom('items').select('n').where('id', '=', 'x').executeTakeFirstOrThrow();
      });
      expect(kept.n).toBe(5);
      expect(outside.prepare('select n from items where id = ?').get('x')).toEqual({ n: 5 });
    } finally {
      outside.close();
      await db.destroy();
    }
  });

  it('a read in a group that wrote is answered after the commit, with the write', async () => {
    const { db, outside, committed } = await twoConnections();
    try {
      const write = db.insertInto('items').values({ id: 'w', n: 1 }).execute();
      const read = db
        .selectFrom('items')
        .select('id')
        .execute()
        .then((rows) => {
          expect(committed()).toEqual(['w']);
          return rows.map((r) => r.id);
        });
      expect(await read).toEqual(['w']);
      await write;
    } finally {
      outside.close();
      await db.destroy();
    }
  });
});
