import type { Kysely, Migration } from 'kysely';

/** A person's paper passkey setting (issue 29): 1 when approving their paper orders needs their passkey too. */
export const paperPasskeyMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('user_settings').addColumn('paper_passkey', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('user_settings').dropColumn('paper_passkey').execute();
  },
};
