import type { PaperBook, PaperChange, PaperHolding, PaperLedger, PaperOpening } from '@condor/core';

const bySymbol = (a: PaperHolding, b: PaperHolding): number => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/**
 * PaperLedger in this process's memory, with the SQL one's semantics (books kept as JSON text, copied
 * in and out; a commit applied whole or not at all, only at the version it names): SimBrokers' default
 * for tests and demos without a database. Every step completes at once, so it is atomic; two
 * SimBrokers over one ledger behave as two instances over one database.
 */
export class MemoryPaperLedger implements PaperLedger {
  private readonly books = new Map<string, string>();

  load(ownerId: string): Promise<PaperBook | undefined> {
    return Promise.resolve(this.read(ownerId));
  }

  open(ownerId: string, opening: PaperOpening): Promise<void> {
    if (!this.books.has(ownerId)) {
      const holdings = opening.holdings.filter((h) => h.qty !== 0).sort(bySymbol);
      this.write(ownerId, { accountId: opening.accountId, version: 1, cash: opening.cash, holdings, orders: [] });
    }
    return Promise.resolve();
  }

  commit(ownerId: string, version: number, change: PaperChange): Promise<boolean> {
    const book = this.read(ownerId);
    if (book?.version !== version) return Promise.resolve(false);
    const usedIds = new Set([...this.books.keys()].flatMap((owner) => this.read(owner)?.orders.map((r) => r.order.id) ?? []));
    const clientIds = new Set(book.orders.map((r) => r.order.clientOrderId));
    for (const { order } of change.placed) {
      if (usedIds.has(order.id)) return Promise.reject(new Error(`order id ${order.id} is already used`));
      if (clientIds.has(order.clientOrderId)) return Promise.reject(new Error(`client order id ${order.clientOrderId} is already used`));
      usedIds.add(order.id);
      clientIds.add(order.clientOrderId);
    }
    const updated = new Map(change.updated.map((order) => [order.id, order]));
    const orders = book.orders.map((record) => {
      const now = updated.get(record.order.id);
      return now === undefined
        ? record
        : { ...record, order: { ...record.order, status: now.status, filledQty: now.filledQty, filledAvgPrice: now.filledAvgPrice } };
    });
    const holdings = new Map(book.holdings.map((h) => [h.symbol, h]));
    for (const h of change.holdings) {
      if (h.qty === 0) holdings.delete(h.symbol);
      else holdings.set(h.symbol, { symbol: h.symbol, qty: h.qty, avgEntryPrice: h.avgEntryPrice });
    }
    this.write(ownerId, {
      accountId: book.accountId,
      version: version + 1,
      cash: change.cash,
      holdings: [...holdings.values()].sort(bySymbol),
      orders: [...orders, ...change.placed],
    });
    return Promise.resolve(true);
  }

  private read(ownerId: string): PaperBook | undefined {
    const text = this.books.get(ownerId);
    return text === undefined ? undefined : (JSON.parse(text) as PaperBook);
  }

  private write(ownerId: string, book: PaperBook): void {
    this.books.set(ownerId, JSON.stringify(book));
  }
}
