import type { Kysely, Migration } from 'kysely';

/**
 * Working orders (issue 28): one row per walked order. The walk itself is JSON in `body`; the columns are what the
 * walker claims by (`status`, `next_at`) the lease that lets one holder act on it at a time, and a person's cancel, kept apart from the body so that a walker's save never loses it.
 */
export const workingOrdersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('working_orders')
      .addColumn('proposal_id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('lease_holder', 'text')
      .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('working_orders_status_next_at_idx').on('working_orders').columns(['status', 'next_at']).execute();
    await db.schema.createIndex('working_orders_owner_id_idx').on('working_orders').columns(['owner_id', 'started_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('working_orders').execute();
  },
};
