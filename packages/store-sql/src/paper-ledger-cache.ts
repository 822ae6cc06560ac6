import { applyPaperChange, type BrokerOrder, type PaperBook, type PaperChange } from '@condor/core';

/** What an account row says of its book: a kept book stands only while the row still says all of it. */
export interface PaperStamp {
  readonly accountId: string;
  /** Tells a reopened account from the one before it, should an account ever be removed. */
  readonly openedAt: number;
  readonly version: number;
  readonly cash: number;
  readonly orderCount: number;
}

interface Entry {
  readonly stamp: PaperStamp;
  readonly book: PaperBook;
}

const sameStamp = (a: PaperStamp, b: PaperStamp): boolean =>
  a.version === b.version && a.cash === b.cash && a.orderCount === b.orderCount && a.accountId === b.accountId && a.openedAt === b.openedAt;

/** The order as the ledger stores and reads it back (legs as symbol, side and intent only; `replaces` only when set). */
export const storedOrder = (order: BrokerOrder): BrokerOrder => ({
  id: order.id,
  clientOrderId: order.clientOrderId,
  status: order.status,
  qty: order.qty,
  filledQty: order.filledQty,
  limitPrice: order.limitPrice,
  filledAvgPrice: order.filledAvgPrice,
  submittedAt: order.submittedAt,
  legs: order.legs.map(({ symbol, side, intent }) => ({ symbol, side, intent })),
  ...(order.replaces == null ? {} : { replaces: order.replaces }),
});

/** The book a committed `change` leaves, as a load would read it from the tables the commit wrote (legs stored bare). */
export const appliedBook = (book: PaperBook, change: PaperChange): PaperBook =>
  applyPaperChange(book, { ...change, placed: change.placed.map((record) => ({ ...record, order: storedOrder(record.order) })) });

/** The book with its records, orders, legs and holdings frozen (each once), so that a caller cannot change what is kept. */
function frozen(book: PaperBook): PaperBook {
  for (const record of book.orders) {
    if (Object.isFrozen(record)) continue;
    for (const leg of record.order.legs) Object.freeze(leg);
    Object.freeze(record.order.legs);
    Object.freeze(record.order);
    Object.freeze(record);
  }
  for (const holding of book.holdings) Object.freeze(holding);
  return book;
}

/** A caller's own book: its own arrays over the frozen records and holdings. */
export const handedOut = (book: PaperBook): PaperBook => ({ ...book, holdings: [...book.holdings], orders: [...book.orders] });

/**
 * The paper books this process last read or wrote, least recently used dropped first once they hold more
 * than `maxOrders` orders in all. A book is only handed out against its account row as read now (version,
 * cash, order count, opening time): every commit moves the version on, so a book that any instance changed since is
 * never used; the cache saves reading the account's orders and holdings again, never a read of its row.
 * A caller gets its own arrays; the records and holdings in them are shared and frozen.
 */
export class PaperBookCache {
  private readonly entries = new Map<string, Entry>();
  private orders = 0;

  constructor(private readonly maxOrders: number) {}

  /** The kept book of the owner if the row's stamp is still its stamp. */
  current(ownerId: string, stamp: PaperStamp): PaperBook | undefined {
    const entry = this.entries.get(ownerId);
    if (entry === undefined) return undefined;
    if (!sameStamp(entry.stamp, stamp)) return undefined;
    this.entries.delete(ownerId);
    this.entries.set(ownerId, entry);
    return handedOut(entry.book);
  }

  keep(ownerId: string, stamp: PaperStamp, book: PaperBook): void {
    this.forget(ownerId);
    if (book.orders.length > this.maxOrders) return;
    this.entries.set(ownerId, { stamp, book: frozen(book) });
    this.orders += book.orders.length;
    for (const owner of this.entries.keys()) {
      if (this.orders <= this.maxOrders) break;
      this.forget(owner);
    }
  }

  /** After `change` was committed at `version`: the kept book moves on with it (else it is dropped). */
  committed(ownerId: string, version: number, change: PaperChange, orderCount: number): void {
    const entry = this.entries.get(ownerId);
    if (entry?.stamp.version !== version) {
      this.forget(ownerId);
      return;
    }
    const book = appliedBook(entry.book, change);
    this.keep(ownerId, { ...entry.stamp, version: version + 1, cash: change.cash, orderCount }, book);
  }

  forget(ownerId: string): void {
    const entry = this.entries.get(ownerId);
    if (entry === undefined) return;
    this.entries.delete(ownerId);
    this.orders -= entry.book.orders.length;
  }
}
