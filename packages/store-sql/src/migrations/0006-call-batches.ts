import type { Kysely, Migration } from 'kysely';

/** The batch rule for calls, one row per principal. */
export const callBatchesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('call_batches')
      .addColumn('principal', 'text', (c) => c.primaryKey())
      .addColumn('batch_key', 'text', (c) => c.notNull())
      .addColumn('last_response_at', 'bigint')
      // The calls in flight, a JSON object of call id to begin time: in the principal's row, so that one
      // upsert of the row decides a call's batch and records the call, whichever instance runs it.
      .addColumn('calls', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('call_batches_updated_at_idx').on('call_batches').column('updated_at').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('call_batches').execute();
  },
};
