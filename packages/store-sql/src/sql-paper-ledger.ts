import { bySymbol, type OrderLeg, type PaperBook, type PaperChange, type PaperHolding, type PaperLedger, type PaperOpening, type PaperOrderRecord } from '@condor/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnce, slot, slotsNamed } from './compiled-once.js';
import { parseJsonArray } from './json-column.js';
import { handedOut, PaperBookCache, storedOrder, type PaperStamp } from './paper-ledger-cache.js';
import type { Database } from './schema.js';
import type { PaperHoldingsTable, PaperOrdersTable } from './paper-broker-schema.js';

const toRecord = (row: Selectable<PaperOrdersTable>): PaperOrderRecord => ({
  order: {
    id: row.id,
    clientOrderId: row.client_order_id,
    status: row.status,
    qty: row.qty,
    filledQty: row.filled_qty,
    limitPrice: row.limit_price,
    filledAvgPrice: row.filled_avg_price,
    submittedAt: row.submitted_at,
    legs: parseJsonArray(row.legs, 'paper_orders.legs') as unknown as readonly OrderLeg[],
    ...(row.replaces === null ? {} : { replaces: row.replaces }),
  },
  reservation: row.reservation,
  expiresAt: row.expires_at,
});

const orderRow = (ownerId: string, seq: number, { order, reservation, expiresAt }: PaperOrderRecord): Insertable<PaperOrdersTable> => ({
  id: order.id,
  owner_id: ownerId,
  seq,
  client_order_id: order.clientOrderId,
  status: order.status,
  qty: order.qty,
  filled_qty: order.filledQty,
  limit_price: order.limitPrice,
  filled_avg_price: order.filledAvgPrice,
  submitted_at: order.submittedAt,
  legs: JSON.stringify(storedOrder(order).legs),
  reservation,
  expires_at: expiresAt,
  replaces: order.replaces ?? null,
});

const holdingRow = (ownerId: string, { symbol, qty, avgEntryPrice }: PaperHolding): Insertable<PaperHoldingsTable> => ({
  owner_id: ownerId,
  symbol,
  qty,
  avg_entry_price: avgEntryPrice,
});

const stampOf = (row: { account_id: string; version: number; cash: number; order_count: number; opened_at: number }): PaperStamp => ({
  accountId: row.account_id,
  openedAt: row.opened_at,
  version: row.version,
  cash: row.cash,
  orderCount: row.order_count,
});

/** Books kept per process, in orders across all accounts (a few MB). */
const KEPT_ORDERS = 20_000;

/**
 * PaperLedger over SQL (SQLite or PostgreSQL): an account row, its orders and its holdings. A commit is
 * one transaction whose first statement moves the account's version on only if it is still the one the
 * caller read: that UPDATE locks the account row until commit, so commits of one account take turns on
 * PostgreSQL across instances (and SQLite writes one at a time anyway), and a commit that lost the race
 * finds no row at its version and writes nothing. A load reads the account row; when this process
 * already holds the book that row describes (it read or committed it, and no commit by any instance
 * moved the version on since), that is the book; else it reads the whole book in one snapshot
 * (repeatable read). Books are kept up to `KEPT_ORDERS` orders in all, least recently used dropped first.
 */
export class SqlPaperLedger implements PaperLedger {
  private readonly kept = new PaperBookCache(KEPT_ORDERS);
  /** The statements every order runs, built and compiled once. */
  private readonly accountRow;
  private readonly moveVersion;
  private readonly insertOrder;
  private readonly putHolding;

  constructor(private readonly db: Kysely<Database>) {
    const ownerId = slot('ownerId');
    this.accountRow = compiledOnce(db.selectFrom('paper_accounts').select(['account_id', 'version', 'cash', 'order_count', 'opened_at']).where('owner_id', '=', ownerId).compile());
    this.moveVersion = compiledOnce(
      db
        .updateTable('paper_accounts')
        .set((eb) => ({ version: eb('version', '+', 1), cash: slot('cash'), order_count: eb('order_count', '+', slot('placed')) }))
        .where('owner_id', '=', ownerId)
        .where('version', '=', slot('version'))
        .returning('order_count')
        .compile(),
    );
    // Slots named as orderRow's and holdingRow's columns, so a row is the statement's values.
    const order: Record<keyof Insertable<PaperOrdersTable>, never> = slotsNamed(
      'id', 'owner_id', 'seq', 'client_order_id', 'status', 'qty', 'filled_qty', 'limit_price', 'filled_avg_price', 'submitted_at', 'legs', 'reservation', 'expires_at', 'replaces',
    );
    this.insertOrder = compiledOnce(db.insertInto('paper_orders').values(order).compile());
    this.putHolding = compiledOnce(
      db
        .insertInto('paper_holdings')
        .values(slotsNamed('owner_id', 'symbol', 'qty', 'avg_entry_price'))
        .onConflict((oc) => oc.columns(['owner_id', 'symbol']).doUpdateSet((eb) => ({ qty: eb.ref('excluded.qty'), avg_entry_price: eb.ref('excluded.avg_entry_price') })))
        .compile(),
    );
  }

  async load(ownerId: string): Promise<PaperBook | undefined> {
    const [row] = (await this.db.executeQuery(this.accountRow({ ownerId }))).rows;
    if (row === undefined) {
      this.kept.forget(ownerId);
      return undefined;
    }
    return this.kept.current(ownerId, stampOf(row)) ?? this.loadWhole(ownerId);
  }

  /** The whole book from one snapshot (repeatable read), kept for the loads that find its row unchanged. */
  private loadWhole(ownerId: string): Promise<PaperBook | undefined> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const account = await trx
          .selectFrom('paper_accounts')
          .select(['account_id', 'version', 'cash', 'order_count', 'opened_at'])
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        if (account === undefined) return undefined;
        const orders = await trx.selectFrom('paper_orders').selectAll().where('owner_id', '=', ownerId).orderBy('seq').execute();
        const holdings = await trx.selectFrom('paper_holdings').select(['symbol', 'qty', 'avg_entry_price']).where('owner_id', '=', ownerId).execute();
        const book: PaperBook = {
          accountId: account.account_id,
          version: account.version,
          cash: account.cash,
          holdings: holdings.map((h) => ({ symbol: h.symbol, qty: h.qty, avgEntryPrice: h.avg_entry_price })).sort(bySymbol),
          orders: orders.map(toRecord),
        };
        this.kept.keep(ownerId, stampOf(account), book);
        return handedOut(book);
      });
  }

  open(ownerId: string, opening: PaperOpening): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('paper_accounts')
        .values({ owner_id: ownerId, account_id: opening.accountId, cash: opening.cash, version: 1, order_count: 0, opened_at: opening.openedAt })
        .onConflict((oc) => oc.column('owner_id').doNothing())
        .returning('owner_id')
        .executeTakeFirst();
      const held = opening.holdings.filter((h) => h.qty !== 0);
      if (created === undefined || held.length === 0) return;
      await trx
        .insertInto('paper_holdings')
        .values(held.map((h) => holdingRow(ownerId, h)))
        .execute();
    });
  }

  async commit(ownerId: string, version: number, change: PaperChange): Promise<boolean> {
    const orderCount = await this.write(ownerId, version, change);
    if (orderCount === undefined) return false;
    this.kept.committed(ownerId, version, change, orderCount);
    return true;
  }

  /** The commit's transaction: the account's order count after it, or undefined when it lost the race. */
  private write(ownerId: string, version: number, change: PaperChange): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const [account] = (await trx.executeQuery(this.moveVersion({ ownerId, version, cash: change.cash, placed: change.placed.length }))).rows;
      if (account === undefined) return undefined;
      const firstSeq = account.order_count - change.placed.length;
      for (const [i, record] of change.placed.entries()) await trx.executeQuery(this.insertOrder(orderRow(ownerId, firstSeq + i, record)));
      for (const order of change.updated) {
        await trx
          .updateTable('paper_orders')
          .set({ status: order.status, filled_qty: order.filledQty, filled_avg_price: order.filledAvgPrice })
          .where('owner_id', '=', ownerId)
          .where('id', '=', order.id)
          .execute();
      }
      const gone = change.holdings.filter((h) => h.qty === 0).map((h) => h.symbol);
      if (gone.length > 0) await trx.deleteFrom('paper_holdings').where('owner_id', '=', ownerId).where('symbol', 'in', gone).execute();
      for (const holding of change.holdings) if (holding.qty !== 0) await trx.executeQuery(this.putHolding(holdingRow(ownerId, holding)));
      return account.order_count;
    });
  }
}
