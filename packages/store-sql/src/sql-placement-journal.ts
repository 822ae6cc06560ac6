import type { Clock, OrderLeg, PlacementIntent, PlacementJournal } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import { parseJsonArray } from './json-column.js';
import type { PlacementIntentsTable } from './placement-schema.js';
import type { Database } from './schema.js';

const intentOf = (row: Selectable<PlacementIntentsTable>): PlacementIntent => ({
  clientOrderId: row.client_order_id,
  accountHash: row.account_hash,
  legs: parseJsonArray(row.legs, 'placement_intents.legs') as unknown as readonly OrderLeg[],
  qty: row.qty,
  limitPrice: row.limit_price,
  sentAt: row.sent_at,
  orderId: row.order_id,
  replaces: row.replaces,
  state: row.state,
});

/**
 * PlacementJournal over SQL (SQLite or PostgreSQL): one row per owner, account and client order id, written before
 * the order is sent so that a process killed between submit and record still finds it. `put` is one INSERT … ON
 * CONFLICT DO UPDATE on that key; `updated_at` is the clock's time of the last put.
 */
export class SqlPlacementJournal implements PlacementJournal {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async get(ownerId: string, accountHash: string, clientOrderId: string): Promise<PlacementIntent | undefined> {
    const row = await this.db
      .selectFrom('placement_intents')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('account_hash', '=', accountHash)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
    return row === undefined ? undefined : intentOf(row);
  }

  async put(ownerId: string, intent: PlacementIntent): Promise<void> {
    const columns = {
      legs: JSON.stringify(intent.legs),
      qty: intent.qty,
      limit_price: intent.limitPrice,
      sent_at: intent.sentAt,
      order_id: intent.orderId,
      replaces: intent.replaces,
      state: intent.state,
      updated_at: this.clock.now(),
    };
    await this.db
      .insertInto('placement_intents')
      .values({ owner_id: ownerId, account_hash: intent.accountHash, client_order_id: intent.clientOrderId, ...columns })
      .onConflict((oc) => oc.columns(['owner_id', 'account_hash', 'client_order_id']).doUpdateSet(columns))
      .execute();
  }

  /** In the order they were sent (then by client order id), so a list reads the same on both databases. */
  async list(ownerId: string, accountHash: string): Promise<readonly PlacementIntent[]> {
    const rows = await this.db
      .selectFrom('placement_intents')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('account_hash', '=', accountHash)
      .orderBy('sent_at')
      .orderBy('client_order_id')
      .execute();
    return rows.map(intentOf);
  }
}
