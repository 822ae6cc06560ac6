import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The simulated paper broker's accounts (issue 15): cash, every order with its fill, held contracts, so a
 * restart or a second instance loses nothing. Every write of an account first moves its `version` on
 * (compare-and-set), which also locks the row until the write commits.
 */
export const paperAccountsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('paper_accounts')
      .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('cash', 'double precision', (c) => c.notNull())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .addColumn('order_count', 'integer', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('paper_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('paper_accounts.owner_id'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('client_order_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('filled_qty', 'integer', (c) => c.notNull())
      .addColumn('limit_price', 'double precision', (c) => c.notNull())
      .addColumn('filled_avg_price', 'double precision')
      .addColumn('submitted_at', 'bigint', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      .addColumn('reservation', 'double precision', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('paper_orders_owner_id_seq_key', ['owner_id', 'seq'])
      .addUniqueConstraint('paper_orders_owner_id_client_order_id_key', ['owner_id', 'client_order_id'])
      .addCheckConstraint(
        'paper_orders_status_check',
        sql`status in ('accepted', 'filled', 'partially_filled', 'canceled', 'rejected', 'expired', 'pending_cancel')`,
      )
      .execute();
    await db.schema
      .createTable('paper_holdings')
      .addColumn('owner_id', 'text', (c) => c.notNull().references('paper_accounts.owner_id'))
      .addColumn('symbol', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('avg_entry_price', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('paper_holdings_pkey', ['owner_id', 'symbol'])
      .addCheckConstraint('paper_holdings_qty_check', sql`qty <> 0`)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('paper_holdings').execute();
    await db.schema.dropTable('paper_orders').execute();
    await db.schema.dropTable('paper_accounts').execute();
  },
};
