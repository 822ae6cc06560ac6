import type { Kysely, Migration } from 'kysely';

/** When each OAuth grant's client last used its tokens (issue 29: the desk shows it), to the minute. */
export const oauthLastUseMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('oauth_grants').addColumn('last_used_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('oauth_grants').dropColumn('last_used_at').execute();
  },
};
