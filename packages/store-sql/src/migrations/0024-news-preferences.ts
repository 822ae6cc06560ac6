import type { Kysely, Migration } from 'kysely';

/** Which news each person wants on which channel (design §18): one row per person who chose, their choice as JSON. */
export const newsPreferencesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('news_preferences')
      .addColumn('owner_id', 'text', (c) => c.primaryKey().references('users.id'))
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('news_preferences').execute();
  },
};
