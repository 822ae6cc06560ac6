import type { OrderLeg, PaperBook, PaperChange, PaperHolding, PaperLedger, PaperOpening, PaperOrderRecord } from '@condor/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import { parseJsonArray } from './json-array.js';
import type { Database, PaperHoldingsTable, PaperOrdersTable } from './schema.js';

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
  legs: JSON.stringify(order.legs.map(({ symbol, side, intent }) => ({ symbol, side, intent }))),
  reservation,
  expires_at: expiresAt,
});

const holdingRow = (ownerId: string, { symbol, qty, avgEntryPrice }: PaperHolding): Insertable<PaperHoldingsTable> => ({
  owner_id: ownerId,
  symbol,
  qty,
  avg_entry_price: avgEntryPrice,
});

// Code-unit order, whatever the database's collation.
const bySymbol = (a: PaperHolding, b: PaperHolding): number => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/**
 * PaperLedger over SQL (SQLite or PostgreSQL): an account row, its orders and its holdings. A commit is
 * one transaction whose first statement moves the account's version on only if it is still the one the
 * caller read: that UPDATE locks the account row until commit, so commits of one account take turns on
 * PostgreSQL across instances (and SQLite writes one at a time anyway), and a commit that lost the race
 * finds no row at its version and writes nothing. A load reads one snapshot (repeatable read).
 */
export class SqlPaperLedger implements PaperLedger {
  constructor(private readonly db: Kysely<Database>) {}

  load(ownerId: string): Promise<PaperBook | undefined> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const account = await trx
          .selectFrom('paper_accounts')
          .select(['account_id', 'version', 'cash'])
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        if (account === undefined) return undefined;
        const orders = await trx.selectFrom('paper_orders').selectAll().where('owner_id', '=', ownerId).orderBy('seq').execute();
        const holdings = await trx.selectFrom('paper_holdings').select(['symbol', 'qty', 'avg_entry_price']).where('owner_id', '=', ownerId).execute();
        return {
          accountId: account.account_id,
          version: account.version,
          cash: account.cash,
          holdings: holdings.map((h) => ({ symbol: h.symbol, qty: h.qty, avgEntryPrice: h.avg_entry_price })).sort(bySymbol),
          orders: orders.map(toRecord),
        };
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

  commit(ownerId: string, version: number, change: PaperChange): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const account = await trx
        .updateTable('paper_accounts')
        .set((eb) => ({ version: eb('version', '+', 1), cash: change.cash, order_count: eb('order_count', '+', change.placed.length) }))
        .where('owner_id', '=', ownerId)
        .where('version', '=', version)
        .returning('order_count')
        .executeTakeFirst();
      if (account === undefined) return false;
      const firstSeq = account.order_count - change.placed.length;
      if (change.placed.length > 0) {
        await trx
          .insertInto('paper_orders')
          .values(change.placed.map((record, i) => orderRow(ownerId, firstSeq + i, record)))
          .execute();
      }
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
      const held = change.holdings.filter((h) => h.qty !== 0);
      if (held.length > 0) {
        await trx
          .insertInto('paper_holdings')
          .values(held.map((h) => holdingRow(ownerId, h)))
          .onConflict((oc) =>
            oc.columns(['owner_id', 'symbol']).doUpdateSet((eb) => ({ qty: eb.ref('excluded.qty'), avg_entry_price: eb.ref('excluded.avg_entry_price') })),
          )
          .execute();
      }
      return true;
    });
  }
}
