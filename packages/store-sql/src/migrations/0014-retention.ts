import type { Kysely, Migration } from 'kysely';

/** Indexes on the time columns the retention purge deletes by (the tables would otherwise be scanned). */
const PURGE_INDEXES = [
  ['approval_links_expires_at_idx', 'approval_links', 'expires_at'],
  ['browser_sessions_expires_at_idx', 'browser_sessions', 'expires_at'],
  ['authorization_codes_expires_at_idx', 'authorization_codes', 'expires_at'],
  ['rate_limit_windows_reset_at_idx', 'rate_limit_windows', 'reset_at'],
] as const;

/**
 * Retention (issue 27): `leases`, one row per periodic job that must run on one instance at a time (`holder` runs it
 * until `until`), and indexes for the purge.
 */
export const retentionMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('until', 'bigint', (c) => c.notNull())
      .execute();
    for (const [name, table, column] of PURGE_INDEXES) await db.schema.createIndex(name).on(table).column(column).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const [name] of PURGE_INDEXES) await db.schema.dropIndex(name).execute();
    await db.schema.dropTable('leases').execute();
  },
};
