import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What condor meant to send to a broker without client order ids (Schwab), recorded before the order is sent: after
 * an unanswered submit or a kill -9 between submit and record, the order is found again by these legs, quantity,
 * price and time. One row per client order id of an owner's account; `legs` is the JSON array of the order's legs.
 * `order_id` is null until the broker's id is known, `replaces` null for a placement.
 */
export const placementIntentsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('placement_intents')
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('account_hash', 'text', (c) => c.notNull())
      .addColumn('client_order_id', 'text', (c) => c.notNull())
      .addColumn('legs', 'text', (c) => c.notNull())
      .addColumn('qty', 'integer', (c) => c.notNull())
      .addColumn('limit_price', 'double precision', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('replaces', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('placement_intents_pkey', ['owner_id', 'account_hash', 'client_order_id'])
      .addCheckConstraint('placement_intents_state_check', sql`state in ('sent', 'placed', 'refused')`)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('placement_intents').execute();
  },
};
