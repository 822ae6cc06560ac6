import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { OrderLeg, PlacementIntent } from '@condor/core';
import { FakeClock } from '@condor/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { reopenableDatabases, type ReopenableDatabase } from '../test/reopenable-database.js';
import { testDialects } from '../test/temp-database.js';
import { migrateToLatest } from './migrate.js';
import { SqlPlacementJournal } from './sql-placement-journal.js';
import { SqlUserStore } from './sql-user-store.js';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const OTHER_OWNER = '6f1c2d3e-0000-4000-8000-000000000002';
const T0 = 1_767_623_400_000;
const CONDOR: readonly OrderLeg[] = [
  { symbol: 'SPY   260320P00550000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY   260320P00560000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY   260320C00620000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY   260320C00630000', side: 'buy', intent: 'buy_to_open' },
];

const intent = (clientOrderId: string, fields: Partial<PlacementIntent> = {}): PlacementIntent => ({
  clientOrderId,
  accountHash: 'HASH-A',
  legs: CONDOR,
  qty: 2,
  limitPrice: -1.37,
  sentAt: T0,
  orderId: null,
  replaces: null,
  state: 'sent',
  ...fields,
});

/** Text PostgreSQL keeps as it was given: no NUL, which a text column refuses. */
const text = (options: fc.StringConstraints = {}): fc.Arbitrary<string> => fc.string(options).filter((s) => !s.includes('\u0000'));

const leg: fc.Arbitrary<OrderLeg> = fc.record({
  symbol: text({ unit: 'grapheme', maxLength: 30 }),
  side: fc.constantFrom('buy', 'sell'),
  intent: fc.constantFrom('buy_to_open', 'buy_to_close', 'sell_to_open', 'sell_to_close'),
});

const anyIntent: fc.Arbitrary<PlacementIntent> = fc.record({
  clientOrderId: text({ minLength: 1, maxLength: 40 }),
  accountHash: text({ minLength: 1, maxLength: 70 }),
  legs: fc.array(leg, { maxLength: 4 }),
  qty: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  // -0 is left out: a database keeps a double's value, not the sign of zero.
  limitPrice: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
  sentAt: fc.maxSafeNat(),
  orderId: fc.option(text({ minLength: 1, maxLength: 20 }), { nil: null }),
  replaces: fc.option(text({ minLength: 1, maxLength: 20 }), { nil: null }),
  state: fc.constantFrom('sent', 'placed', 'refused'),
});

/** Runs the intent-putting process on `database`, waits for its put to be answered, and kills it with SIGKILL. */
async function putInKilledProcess(database: ReopenableDatabase, ownerId: string, put: PlacementIntent): Promise<NodeJS.Signals | null> {
  const child = spawn(
    process.execPath,
    ['--conditions=@condor/source', '--import', 'tsx', 'packages/store-sql/test/put-intent-then-hang.ts', ...database.where, ownerId, JSON.stringify(put)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const errors: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
  const exited = new Promise<NodeJS.Signals | null>((done) => child.once('exit', (_code, signal) => { done(signal); }));
  await new Promise<void>((done, fail) => {
    child.once('exit', (code) => { fail(new Error(`the process exited with ${String(code)} before its put:\n${errors.join('\n')}`)); });
    createInterface({ input: child.stdout }).on('line', (line) => { if (line === 'put') done(); });
  });
  child.kill('SIGKILL');
  return exited;
}

const reopenable = reopenableDatabases();

for (const dialect of testDialects()) {
  describe(`SqlPlacementJournal on ${dialect.name}`, () => {
    it('gives back the intent put, and nothing for a client order id never put', async () => {
      const journal = new SqlPlacementJournal(await migratedWithOwner(dialect), new FakeClock(T0));
      const put = intent('c-1', { replaces: 'o-0', limitPrice: 0.85 });
      await journal.put(OWNER_ID, put);
      expect(await journal.get(OWNER_ID, 'HASH-A', 'c-1')).toEqual(put);
      expect(await journal.get(OWNER_ID, 'HASH-A', 'c-2')).toBeUndefined();
      expect(await journal.get(OWNER_ID, 'HASH-B', 'c-1')).toBeUndefined();
    });

    it('overwrites the intent of a client order id, keeping one row and the time of the last put', async () => {
      const db = await migratedWithOwner(dialect);
      const clock = new FakeClock(T0);
      const journal = new SqlPlacementJournal(db, clock);
      await journal.put(OWNER_ID, intent('c-1'));
      clock.advance(1_500);
      const placed = intent('c-1', { orderId: '1004055538123', state: 'placed', sentAt: T0 + 20 });
      await journal.put(OWNER_ID, placed);
      expect(await journal.get(OWNER_ID, 'HASH-A', 'c-1')).toEqual(placed);
      expect(await journal.list(OWNER_ID, 'HASH-A')).toEqual([placed]);
      expect(await db.selectFrom('placement_intents').selectAll().execute()).toEqual([
        {
          owner_id: OWNER_ID,
          account_hash: 'HASH-A',
          client_order_id: 'c-1',
          legs: JSON.stringify(CONDOR),
          qty: 2,
          limit_price: -1.37,
          sent_at: T0 + 20,
          order_id: '1004055538123',
          replaces: null,
          state: 'placed',
          updated_at: T0 + 1_500,
        },
      ]);
    });

    it('lists the intents of one account only, in the order they were sent', async () => {
      const journal = new SqlPlacementJournal(await migratedWithOwner(dialect), new FakeClock(T0));
      const later = intent('c-a1', { sentAt: T0 + 60_000 });
      const earlier = intent('c-a2', { sentAt: T0, state: 'refused' });
      const elsewhere = intent('c-b1', { accountHash: 'HASH-B' });
      for (const put of [later, elsewhere, earlier]) await journal.put(OWNER_ID, put);
      expect(await journal.list(OWNER_ID, 'HASH-A')).toEqual([earlier, later]);
      expect(await journal.list(OWNER_ID, 'HASH-B')).toEqual([elsewhere]);
      expect(await journal.list(OWNER_ID, 'HASH-C')).toEqual([]);
    });

    it('keeps owners apart, even on one account hash and client order id', async () => {
      const journal = new SqlPlacementJournal(await migratedWithUsers(dialect, [OWNER_ID, OTHER_OWNER]), new FakeClock(T0));
      const mine = intent('c-1');
      const theirs = intent('c-1', { qty: 5, orderId: '77', state: 'placed' });
      await journal.put(OWNER_ID, mine);
      await journal.put(OTHER_OWNER, theirs);
      expect(await journal.get(OWNER_ID, 'HASH-A', 'c-1')).toEqual(mine);
      expect(await journal.get(OTHER_OWNER, 'HASH-A', 'c-1')).toEqual(theirs);
      expect(await journal.list(OWNER_ID, 'HASH-A')).toEqual([mine]);
      expect(await journal.list(OTHER_OWNER, 'HASH-A')).toEqual([theirs]);
    });

    it('gives back every intent exactly as put: legs, their order and text, prices and times', async () => {
      const journal = new SqlPlacementJournal(await migratedWithOwner(dialect), new FakeClock(T0));
      await fc.assert(
        fc.asyncProperty(anyIntent, async (put) => {
          await journal.put(OWNER_ID, put);
          expect(await journal.get(OWNER_ID, put.accountHash, put.clientOrderId)).toEqual(put);
          expect(await journal.list(OWNER_ID, put.accountHash)).toContainEqual(put);
        }),
        { numRuns: dialect.kind === 'postgres' ? 40 : 100 },
      );
    });

    it('refuses an intent of an owner who is not a user', async () => {
      const journal = new SqlPlacementJournal(await migratedWithOwner(dialect), new FakeClock(T0));
      await expect(journal.put(OTHER_OWNER, intent('c-1'))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      expect(await journal.list(OTHER_OWNER, 'HASH-A')).toEqual([]);
    });
  });

  describe(`SqlPlacementJournal durability on ${dialect.name}`, () => {
    const fresh = async (): Promise<ReopenableDatabase> => {
      const make = reopenable[dialect.kind];
      if (make === undefined) throw new Error(`no reopenable ${dialect.name} database`);
      const database = await make();
      const db = database.open();
      await migrateToLatest(db);
      await new SqlUserStore(db).insert({ id: OWNER_ID, email: 'owner@example.com', passwordHash: 'hash-of-owner', createdAt: T0 });
      await database.close(db);
      return database;
    };

    it('keeps the intents after the database is closed and opened again', async () => {
      const database = await fresh();
      const first = database.open();
      const sent = intent('c-1');
      const placed = intent('c-2', { orderId: '1004055538123', state: 'placed' });
      await new SqlPlacementJournal(first, new FakeClock(T0)).put(OWNER_ID, sent);
      await new SqlPlacementJournal(first, new FakeClock(T0)).put(OWNER_ID, placed);
      await database.close(first);
      const again = new SqlPlacementJournal(database.open(), new FakeClock(T0));
      expect(await again.get(OWNER_ID, 'HASH-A', 'c-1')).toEqual(sent);
      expect(await again.list(OWNER_ID, 'HASH-A')).toEqual([sent, placed]);
    });

    it('keeps an intent whose put was answered in a process then killed with SIGKILL', async () => {
      const database = await fresh();
      const put = intent('c-killed', { legs: [...CONDOR].reverse(), limitPrice: 2.05 });
      expect(await putInKilledProcess(database, OWNER_ID, put)).toBe('SIGKILL');
      const journal = new SqlPlacementJournal(database.open(), new FakeClock(T0));
      expect(await journal.get(OWNER_ID, 'HASH-A', 'c-killed')).toEqual(put);
      expect(await journal.list(OWNER_ID, 'HASH-A')).toEqual([put]);
    });
  });
}
