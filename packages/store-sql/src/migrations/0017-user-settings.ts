import type { Kysely, Migration } from 'kysely';

/** A person's settings (issue 28: their default price band), one row per user who set any. */
export const userSettingsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('user_settings')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('pricing_mode', 'text')
      .addColumn('pricing_worst_cents', 'integer')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('user_settings').execute();
  },
};
