import type { BrokerOrder, OrderLeg, PaperBook, PaperChange, PaperLedger, PaperOpening, PaperOrderRecord } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;

const LEGS: readonly OrderLeg[] = [
  { symbol: 'SPY260220P00570000', side: 'buy', intent: 'buy_to_open' },
  { symbol: 'SPY260220P00575500', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260220C00625000', side: 'sell', intent: 'sell_to_open' },
  { symbol: 'SPY260220C00630000', side: 'buy', intent: 'buy_to_open' },
];

const opening = (overrides: Partial<PaperOpening> = {}): PaperOpening => ({
  accountId: 'sim-0000beef',
  cash: 100_000,
  holdings: [],
  openedAt: T0,
  ...overrides,
});

const order = (n: number, overrides: Partial<BrokerOrder> = {}): BrokerOrder => ({
  id: `sim-order-5f000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  clientOrderId: `proposal-${String(n)}`,
  status: 'accepted',
  qty: 2,
  filledQty: 0,
  limitPrice: -1.37,
  filledAvgPrice: null,
  submittedAt: T0 + n,
  legs: LEGS,
  ...overrides,
});

const record = (n: number, overrides: Partial<BrokerOrder> = {}): PaperOrderRecord => ({ order: order(n, overrides), reservation: 726.5, expiresAt: T0 + 6 * 3_600_000 });

const change = (overrides: Partial<PaperChange> = {}): PaperChange => ({ cash: 100_000, placed: [], updated: [], holdings: [], ...overrides });

/**
 * The behaviour every PaperLedger adapter must show. `make` returns a fresh ledger without accounts, in
 * which the users with `ownerIds` exist.
 */
export function paperLedgerContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<PaperLedger>): void {
  const fresh = () => make([USER, OTHER]);
  const opened = async (ownerId: string, ledger: PaperLedger, values: Partial<PaperOpening> = {}): Promise<PaperBook> => {
    await ledger.open(ownerId, opening(values));
    const book = await ledger.load(ownerId);
    if (book === undefined) throw new Error('open left no account');
    return book;
  };

  describe(`PaperLedger contract: ${adapter}`, () => {
    it('has no account at first, and commits nothing to an account that does not exist', async () => {
      const ledger = await fresh();
      expect(await ledger.load(USER)).toBeUndefined();
      expect(await ledger.commit(USER, 1, change({ placed: [record(1)] }))).toBe(false);
      expect(await ledger.load(USER)).toBeUndefined();
    });

    it('opens an account once: its cash exactly, its holdings in symbol order, no orders; a second open changes nothing', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger, {
        cash: 0.1 + 0.2,
        holdings: [
          { symbol: 'SPY260320C00700000', qty: 1, avgEntryPrice: 3.145 },
          { symbol: 'QQQ260320P00500000', qty: -2, avgEntryPrice: 0.1 + 0.7 },
        ],
      });
      expect(book).toEqual({
        accountId: 'sim-0000beef',
        version: expect.any(Number) as unknown,
        cash: 0.1 + 0.2,
        holdings: [
          { symbol: 'QQQ260320P00500000', qty: -2, avgEntryPrice: 0.1 + 0.7 },
          { symbol: 'SPY260320C00700000', qty: 1, avgEntryPrice: 3.145 },
        ],
        orders: [],
      });
      await ledger.open(USER, opening({ accountId: 'sim-other', cash: 5, holdings: [] }));
      expect(await ledger.load(USER)).toEqual(book);
    });

    it('applies a commit at the version it read and moves the version on; orders and holdings come back exactly', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger);
      const placed = [record(1, { status: 'filled', filledQty: 2, filledAvgPrice: -1.37 }), record(2, { limitPrice: 0.1 + 0.2 })];
      const holdings = LEGS.map((leg, i) => ({ symbol: leg.symbol, qty: leg.side === 'buy' ? 2 : -2, avgEntryPrice: 0.5 + i / 3 }));
      expect(await ledger.commit(USER, book.version, change({ cash: 100_274 - 0.01, placed, holdings }))).toBe(true);
      const after = await ledger.load(USER);
      expect(after?.version).not.toBe(book.version);
      expect(after).toEqual({
        accountId: book.accountId,
        version: after?.version,
        cash: 100_274 - 0.01,
        holdings: [...holdings].sort((a, b) => (a.symbol < b.symbol ? -1 : 1)),
        orders: placed,
      });
    });

    it('changes the status and fill of earlier orders, drops holdings at qty 0, and keeps orders oldest first', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger, { holdings: [{ symbol: LEGS[0]!.symbol, qty: 1, avgEntryPrice: 2 }] });
      expect(await ledger.commit(USER, book.version, change({ placed: [record(3), record(1)] }))).toBe(true);
      const second = await ledger.load(USER);
      const filled = order(3, { status: 'filled', filledQty: 2, filledAvgPrice: -1.4 });
      const canceled = order(1, { status: 'canceled' });
      const holdings = [
        { symbol: LEGS[0]!.symbol, qty: 0, avgEntryPrice: 2 },
        { symbol: LEGS[1]!.symbol, qty: -2, avgEntryPrice: 1.25 },
      ];
      expect(await ledger.commit(USER, second!.version, change({ cash: 99_000, placed: [record(2)], updated: [filled, canceled], holdings }))).toBe(true);
      const third = await ledger.load(USER);
      expect(third?.orders).toEqual([
        { ...record(3), order: filled },
        { ...record(1), order: canceled },
        record(2),
      ]);
      expect(third?.holdings).toEqual([{ symbol: LEGS[1]!.symbol, qty: -2, avgEntryPrice: 1.25 }]);
      expect(third?.cash).toBe(99_000);
    });

    it('keeps a replaced order and its replacement: the old one ends replaced, the new one names it in replaces', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger);
      expect(await ledger.commit(USER, book.version, change({ placed: [record(1)] }))).toBe(true);
      const second = await ledger.load(USER);
      const replaced = order(1, { status: 'replaced', replacedBy: order(2).id });
      const replacement: PaperOrderRecord = { order: order(2, { limitPrice: -1.32, replaces: order(1).id }), reservation: 736.5, expiresAt: T0 + 7 * 3_600_000 };
      expect(await ledger.commit(USER, second!.version, change({ placed: [replacement], updated: [replaced] }))).toBe(true);
      // The link is kept once, on the replacement: the replaced order's update carries its status and fill only.
      const expected = [{ ...record(1), order: order(1, { status: 'replaced' }) }, replacement];
      expect((await ledger.load(USER))?.orders).toEqual(expected);
      expect(await ledger.commit(USER, (await ledger.load(USER))!.version, change({ updated: [order(2, { status: 'filled', filledQty: 2, filledAvgPrice: -1.32, replaces: order(1).id })] }))).toBe(true);
      const filled = (await ledger.load(USER))?.orders[1]?.order;
      expect(filled).toEqual({ ...replacement.order, status: 'filled', filledQty: 2, filledAvgPrice: -1.32 });
      expect(filled?.replaces).toBe(order(1).id);
    });

    it('keeps a partial fill: part of an order filled at an average price, the rest working, then the rest filled', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger);
      const five = record(1, { qty: 5 });
      expect(await ledger.commit(USER, book.version, change({ placed: [five] }))).toBe(true);
      const partial = order(1, { qty: 5, status: 'partially_filled', filledQty: 2, filledAvgPrice: -1.37 });
      expect(await ledger.commit(USER, (await ledger.load(USER))!.version, change({ cash: 100_274, updated: [partial] }))).toBe(true);
      expect((await ledger.load(USER))?.orders).toEqual([{ ...five, order: partial }]);
      const whole = order(1, { qty: 5, status: 'filled', filledQty: 5, filledAvgPrice: -1.37 });
      expect(await ledger.commit(USER, (await ledger.load(USER))!.version, change({ cash: 100_685, updated: [whole] }))).toBe(true);
      expect(await ledger.load(USER)).toMatchObject({ cash: 100_685, orders: [{ ...five, order: whole }] });
    });

    it('refuses a commit at a version that is no longer current, writing nothing', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger);
      expect(await ledger.commit(USER, book.version, change({ cash: 1, placed: [record(1)] }))).toBe(true);
      const after = await ledger.load(USER);
      expect(await ledger.commit(USER, book.version, change({ cash: 2, placed: [record(2)], holdings: [{ symbol: LEGS[0]!.symbol, qty: 1, avgEntryPrice: 1 }] }))).toBe(false);
      expect(await ledger.load(USER)).toEqual(after);
    });

    it('lets exactly one of concurrent commits at one version through', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => ledger.commit(USER, book.version, change({ cash: i, placed: [record(i)] }))),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await ledger.load(USER)).toMatchObject({ cash: winner, orders: [record(winner)] });
    });

    it('loses no update when concurrent writers load again and retry after a refused commit', async () => {
      const ledger = await fresh();
      await opened(USER, ledger, { cash: 0 });
      const deposit = async (n: number): Promise<number> => {
        for (let attempt = 1; ; attempt++) {
          const book = await ledger.load(USER);
          if (book === undefined) throw new Error('no account');
          if (await ledger.commit(USER, book.version, change({ cash: book.cash + 1, placed: [record(n)] }))) return attempt;
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, n) => deposit(n)));
      const book = await ledger.load(USER);
      expect(book?.cash).toBe(20);
      expect(book?.orders.map((r) => r.order.id).sort()).toEqual(Array.from({ length: 20 }, (_, n) => order(n).id).sort());
    });

    it('refuses an order id used by any account and a client order id used in the same one, writing nothing', async () => {
      const ledger = await fresh();
      const mine = await opened(USER, ledger);
      const theirs = await opened(OTHER, ledger);
      expect(await ledger.commit(USER, mine.version, change({ placed: [record(1)] }))).toBe(true);
      await expect(ledger.commit(OTHER, theirs.version, change({ cash: 5, placed: [record(1, { clientOrderId: 'fresh' })] }))).rejects.toThrow();
      expect(await ledger.load(OTHER)).toEqual(theirs);
      const before = await ledger.load(USER);
      await expect(
        ledger.commit(USER, before!.version, change({ cash: 5, placed: [record(2, { clientOrderId: order(1).clientOrderId })], holdings: [{ symbol: LEGS[0]!.symbol, qty: 1, avgEntryPrice: 1 }] })),
      ).rejects.toThrow();
      expect(await ledger.load(USER)).toEqual(before);
      expect(await ledger.commit(OTHER, theirs.version, change({ placed: [record(2, { clientOrderId: order(1).clientOrderId })] }))).toBe(true);
    });

    it('keeps the accounts of two owners apart', async () => {
      const ledger = await fresh();
      const mine = await opened(USER, ledger, { accountId: 'sim-mine' });
      const theirs = await opened(OTHER, ledger, { accountId: 'sim-theirs', cash: 5 });
      expect(await ledger.commit(USER, mine.version, change({ cash: 7, placed: [record(1)], holdings: [{ symbol: LEGS[0]!.symbol, qty: 1, avgEntryPrice: 1 }] }))).toBe(true);
      expect(await ledger.load(OTHER)).toEqual(theirs);
      expect(await ledger.load(USER)).toMatchObject({ accountId: 'sim-mine', cash: 7 });
    });

    it('keeps its own copy: changing a committed or loaded value afterwards changes nothing', async () => {
      const ledger = await fresh();
      const book = await opened(USER, ledger);
      const legs = LEGS.map((leg) => ({ ...leg }));
      const placed = [{ ...record(1), order: { ...order(1), legs } }];
      expect(await ledger.commit(USER, book.version, change({ placed }))).toBe(true);
      legs[0]!.symbol = 'CHANGED';
      const loaded = await ledger.load(USER);
      (loaded!.orders as PaperOrderRecord[]).pop();
      expect((await ledger.load(USER))?.orders).toEqual([record(1)]);
    });
  });
}
