import type { Kysely, Migration } from 'kysely';

/** Accounts: users, their session families and the refresh tokens of each family. */
export const accountsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('session_families')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('family_id', 'text', (c) => c.notNull().references('session_families.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('refresh_tokens_family_id_idx').on('refresh_tokens').column('family_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('refresh_tokens').execute();
    await db.schema.dropTable('session_families').execute();
    await db.schema.dropTable('users').execute();
  },
};
