import { applyPaperChange, bySymbol, type PaperBook, type PaperChange, type PaperLedger, type PaperOpening } from '@condor/core';

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
    this.write(ownerId, applyPaperChange(book, change));
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
