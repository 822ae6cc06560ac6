import type { PaperChange, PaperOrderRecord } from '@condor/core';
import { paperLedgerContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlUserStore } from './sql-user-store.js';
import { SqlPaperLedger } from './sql-paper-ledger.js';

const T0 = 1_767_623_400_000;

const record = (n: number): PaperOrderRecord => ({
  order: {
    id: `sim-order-${String(n)}`,
    clientOrderId: `proposal-${String(n)}`,
    status: 'accepted',
    qty: 1,
    filledQty: 0,
    limitPrice: -1.37,
    filledAvgPrice: null,
    submittedAt: T0 + n,
    legs: [{ symbol: 'SPY260220P00575500', side: 'sell', intent: 'sell_to_open' }],
  },
  reservation: 363,
  expiresAt: T0 + 3_600_000,
});

const change = (overrides: Partial<PaperChange> = {}): PaperChange => ({ cash: 100_000, placed: [], updated: [], holdings: [], ...overrides });

const opening = { accountId: 'sim-0000beef', cash: 100_000, holdings: [], openedAt: T0 };

for (const dialect of testDialects()) {
  paperLedgerContract(`SqlPaperLedger on ${dialect.name}`, async (ownerIds) => new SqlPaperLedger(await migratedWithUsers(dialect, ownerIds)));

  describe(`SqlPaperLedger storage on ${dialect.name}`, () => {
    it('keeps an account row, its orders numbered in placement order with legs as JSON text, and its holdings', async () => {
      const db = await migratedWithOwner(dialect);
      const ledger = new SqlPaperLedger(db);
      await ledger.open(OWNER_ID, { ...opening, holdings: [{ symbol: 'SPY260320C00700000', qty: 1, avgEntryPrice: 3.1 }] });
      const book = await ledger.load(OWNER_ID);
      const filled = { ...record(1).order, status: 'filled' as const, filledQty: 1, filledAvgPrice: -1.4 };
      await ledger.commit(OWNER_ID, book!.version, change({ cash: 100_140, placed: [record(1), record(2)], updated: [], holdings: [{ symbol: 'SPY260220P00575500', qty: -1, avgEntryPrice: 1.4 }] }));
      await ledger.commit(OWNER_ID, book!.version + 1, change({ cash: 100_140, updated: [filled], placed: [record(3)] }));
      expect(await db.selectFrom('paper_accounts').selectAll().execute()).toEqual([
        { owner_id: OWNER_ID, account_id: 'sim-0000beef', cash: 100_140, version: book!.version + 2, order_count: 3, opened_at: T0 },
      ]);
      expect(await db.selectFrom('paper_orders').select(['id', 'seq', 'status', 'filled_qty', 'filled_avg_price', 'legs', 'expires_at']).orderBy('seq').execute()).toEqual([
        { id: 'sim-order-1', seq: 0, status: 'filled', filled_qty: 1, filled_avg_price: -1.4, legs: '[{"symbol":"SPY260220P00575500","side":"sell","intent":"sell_to_open"}]', expires_at: T0 + 3_600_000 },
        expect.objectContaining({ id: 'sim-order-2', seq: 1, status: 'accepted', filled_avg_price: null }),
        expect.objectContaining({ id: 'sim-order-3', seq: 2 }),
      ]);
      expect(await db.selectFrom('paper_holdings').selectAll().orderBy('symbol').execute()).toEqual([
        { owner_id: OWNER_ID, symbol: 'SPY260220P00575500', qty: -1, avg_entry_price: 1.4 },
        { owner_id: OWNER_ID, symbol: 'SPY260320C00700000', qty: 1, avg_entry_price: 3.1 },
      ]);
    });

    it('keeps a book only while its account row is unchanged: after its own commits a load reads what a fresh instance reads', async () => {
      const db = await migratedWithOwner(dialect);
      const ledger = new SqlPaperLedger(db);
      await ledger.open(OWNER_ID, { ...opening, holdings: [{ symbol: 'SPY260320C00700000', qty: 1, avgEntryPrice: 3.1 }] });
      for (let n = 1; n <= 12; n++) {
        const book = (await ledger.load(OWNER_ID))!;
        const working = book.orders.filter((r) => r.order.status === 'accepted');
        const filled = working.slice(0, n % 3).map((r) => ({ ...r.order, status: 'filled' as const, filledQty: 1, filledAvgPrice: -1.25 - n / 1000 }));
        const placed = [{ ...record(n), order: { ...record(n).order, limitPrice: -1.37 - n / 100, legs: [{ symbol: 'SPY260220P00575500', side: 'sell' as const, intent: 'sell_to_open' as const }] } }];
        const holdings = [
          { symbol: 'SPY260220P00575500', qty: n % 4 === 0 ? 0 : -n, avgEntryPrice: 1.4 + n / 7 },
          { symbol: `SPY2602${String(10 + n)}C00600000`, qty: n, avgEntryPrice: 0.1 * n },
          ...(n === 5 ? [{ symbol: 'SPY260320C00700000', qty: 0, avgEntryPrice: 0 }] : []),
        ];
        expect(await ledger.commit(OWNER_ID, book.version, change({ cash: 100_000 - n * 137.31, placed, updated: filled, holdings }))).toBe(true);
        expect(await ledger.commit(OWNER_ID, book.version, change({ cash: 1 }))).toBe(false);
        expect(await ledger.load(OWNER_ID)).toStrictEqual(await new SqlPaperLedger(db).load(OWNER_ID));
      }
    });

    it('reads the whole book again once another instance committed or the row was changed outside a commit', async () => {
      const db = await migratedWithOwner(dialect);
      const [a, b] = [new SqlPaperLedger(db), new SqlPaperLedger(db)];
      await a.open(OWNER_ID, opening);
      const first = (await a.load(OWNER_ID))!;
      expect(await b.commit(OWNER_ID, first.version, change({ cash: 99_000, placed: [record(1)] }))).toBe(true);
      expect((await a.load(OWNER_ID))!.orders.map((r) => r.order.id)).toEqual(['sim-order-1']);
      await db.updateTable('paper_accounts').set({ cash: 1e12 }).where('owner_id', '=', OWNER_ID).execute();
      expect((await a.load(OWNER_ID))!.cash).toBe(1e12);
      await db.deleteFrom('paper_orders').execute();
      await db.deleteFrom('paper_holdings').execute();
      await db.deleteFrom('paper_accounts').execute();
      expect(await a.load(OWNER_ID)).toBeUndefined();
      await a.open(OWNER_ID, opening);
      expect((await a.load(OWNER_ID))!.holdings).toEqual([]);
      await db.deleteFrom('paper_accounts').execute();
      const held = [{ symbol: 'SPY260320C00700000', qty: 1, avgEntryPrice: 3.1 }];
      await b.open(OWNER_ID, { ...opening, openedAt: T0 + 1, holdings: held });
      expect((await a.load(OWNER_ID))!.holdings).toEqual(held);
    });

    it('refuses an account of an unknown user, and lets the database refuse an unknown order status', async () => {
      const db = await migratedWithOwner(dialect);
      const ledger = new SqlPaperLedger(db);
      await expect(ledger.open('6f1c2d3e-0000-4000-8000-0000000000ff', opening)).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await ledger.open(OWNER_ID, opening);
      const book = await ledger.load(OWNER_ID);
      const bad = { ...record(1), order: { ...record(1).order, status: 'lost' as 'filled' } };
      await expect(ledger.commit(OWNER_ID, book!.version, change({ placed: [bad] }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      expect(await ledger.load(OWNER_ID)).toEqual(book);
    });
  });
}

for (const dialect of testDialects().filter((d) => d.kind === 'postgres')) {
  describe(`SqlPaperLedger across instances on ${dialect.name}`, () => {
    /** Two ledgers over two pools onto one database: two instances of the service. */
    async function twoInstances(): Promise<[SqlPaperLedger, SqlPaperLedger]> {
      const dbs = await dialect.migratedMany(2);
      await new SqlUserStore(dbs[0]!).insert({ id: OWNER_ID, email: 'owner@example.com', passwordHash: 'hash', createdAt: T0 });
      return [new SqlPaperLedger(dbs[0]!), new SqlPaperLedger(dbs[1]!)];
    }

    it('opens one account when both instances open it at once', async () => {
      const [a, b] = await twoInstances();
      await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).open(OWNER_ID, { ...opening, cash: i, holdings: [{ symbol: `SPY260320C0070000${String(i)}`, qty: 1, avgEntryPrice: 1 }] })));
      const book = await a.load(OWNER_ID);
      expect(book?.holdings).toHaveLength(1);
      expect(book?.holdings[0]?.symbol).toBe(`SPY260320C0070000${String(book?.cash)}`);
      expect(await b.load(OWNER_ID)).toEqual(book);
    });

    it('lets one of two instances commit at one version, and loses no cash or order when both keep retrying', async () => {
      const [a, b] = await twoInstances();
      await a.open(OWNER_ID, { ...opening, cash: 0 });
      const start = await b.load(OWNER_ID);
      const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).commit(OWNER_ID, start!.version, change({ cash: -1, placed: [record(100 + i)] }))));
      expect(raced.filter(Boolean)).toHaveLength(1);
      const base = (await a.load(OWNER_ID))!;
      const deposit = async (ledger: SqlPaperLedger, n: number): Promise<void> => {
        for (;;) {
          const book = (await ledger.load(OWNER_ID))!;
          const held = book.holdings[0]?.qty ?? 0;
          const holdings = [{ symbol: 'SPY260220P00575500', qty: held - 1, avgEntryPrice: 1 }];
          if (await ledger.commit(OWNER_ID, book.version, change({ cash: book.cash + 1, placed: [record(n)], holdings }))) return;
        }
      };
      await Promise.all(Array.from({ length: 40 }, (_, n) => deposit(n % 2 === 0 ? a : b, n)));
      const book = (await b.load(OWNER_ID))!;
      expect(book.cash).toBe(base.cash + 40);
      expect(book.holdings).toEqual([{ symbol: 'SPY260220P00575500', qty: -40, avgEntryPrice: 1 }]);
      expect(book.orders).toHaveLength(41);
      expect(new Set(book.orders.map((r) => r.order.id)).size).toBe(41);
      expect(book.version).toBe(base.version + 40);
    });
  });
}
