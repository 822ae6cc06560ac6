import type { Kysely, Migration } from 'kysely';

/**
 * The browsers people turned notifications on in (design §18): one row per Web Push subscription, unique by its
 * endpoint. `auth` is the subscription's auth secret sealed (JSON of the sealed value); `p256dh` is a public key.
 */
export const pushDevicesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('push_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addColumn('last_push_at', 'bigint')
      .addUniqueConstraint('push_devices_endpoint_key', ['endpoint'])
      .execute();
    await db.schema.createIndex('push_devices_owner_idx').on('push_devices').columns(['owner_id', 'added_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('push_devices').execute();
  },
};
