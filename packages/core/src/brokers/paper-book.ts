import type { PaperBook, PaperChange, PaperHolding, PaperOrderRecord } from '../ports/paper-ledger.js';

/** Holdings in a book are ordered by symbol, in code-unit order whatever a database's collation. */
export const bySymbol = (a: PaperHolding, b: PaperHolding): number => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/**
 * The book a committed `change` leaves, as every ledger reads it back: updated orders with their new status and
 * fill, placed orders after the others, holdings at qty 0 gone, the version moved on by one.
 */
export function applyPaperChange(book: PaperBook, change: PaperChange): PaperBook {
  const updated = new Map(change.updated.map((order) => [order.id, order]));
  const orders: PaperOrderRecord[] = book.orders.map((record) => {
    const now = updated.get(record.order.id);
    return now === undefined
      ? record
      : { order: { ...record.order, status: now.status, filledQty: now.filledQty, filledAvgPrice: now.filledAvgPrice }, reservation: record.reservation, expiresAt: record.expiresAt };
  });
  const holdings = new Map(book.holdings.map((h) => [h.symbol, h]));
  for (const h of change.holdings) {
    if (h.qty === 0) holdings.delete(h.symbol);
    else holdings.set(h.symbol, { symbol: h.symbol, qty: h.qty, avgEntryPrice: h.avgEntryPrice });
  }
  return {
    accountId: book.accountId,
    version: book.version + 1,
    cash: change.cash,
    holdings: [...holdings.values()].sort(bySymbol),
    orders: [...orders, ...change.placed],
  };
}
