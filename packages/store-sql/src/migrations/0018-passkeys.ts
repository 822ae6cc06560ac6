import type { Kysely, Migration } from 'kysely';

/** People's passkeys and the challenges of passkey ceremonies under way (issue 29). */
export const passkeysMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('passkeys_user_idx').on('passkeys').columns(['user_id', 'created_at']).execute();
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('passkey_challenges_user_idx').on('passkey_challenges').columns(['user_id', 'expires_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('passkey_challenges').execute();
    await db.schema.dropTable('passkeys').execute();
  },
};
