import type { Kysely, Migration } from 'kysely';

/** Onboarding, billing and limits: documents read and accepted, subscriptions, daily quota use, rate-limit windows. */
export const onboardingBillingLimitsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const [table, timeColumn] of [
      ['document_reads', 'read_at'],
      ['document_acceptances', 'accepted_at'],
    ] as const) {
      await db.schema
        .createTable(table)
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('document', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn(timeColumn, 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${table}_pkey`, ['user_id', 'document', 'version'])
        .execute();
    }
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('canceled_at', 'bigint')
      .addColumn('active_user_id', 'text')
      .execute();
    await db.schema
      .createIndex('subscriptions_active_user_id_key')
      .on('subscriptions')
      .column('active_user_id')
      .unique()
      .execute();
    await db.schema.createIndex('subscriptions_user_id_idx').on('subscriptions').column('user_id').execute();
    await db.schema
      .createTable('quota_usage')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('tool', 'text', (c) => c.notNull())
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('quota_usage_pkey', ['user_id', 'tool', 'day'])
      .execute();
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rate_limit_windows').execute();
    await db.schema.dropTable('quota_usage').execute();
    await db.schema.dropTable('subscriptions').execute();
    await db.schema.dropTable('document_acceptances').execute();
    await db.schema.dropTable('document_reads').execute();
  },
};
