import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const device = (id: string, endpoint: string, ownerId = OWNER_ID) => ({
  id,
  owner_id: ownerId,
  endpoint,
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: '{"keyId":"k","nonce":"n","ciphertext":"c"}',
  name: 'Firefox on Linux',
  added_at: 1_767_623_400_000,
  last_push_at: null,
});

for (const dialect of testDialects()) {
  describe(`migration 0023_push_devices on ${dialect.name}`, () => {
    it('adds the push_devices table, owned by a user and unique by endpoint, and rolls back', async () => {
      const db = await migratedWithOwner(dialect);
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('push_devices')).toEqual(['id']);
      expect(await facts.columnTypes('push_devices')).toEqual({
        id: 'text',
        owner_id: 'text',
        endpoint: 'text',
        p256dh: 'text',
        auth: 'text',
        name: 'text',
        added_at: 'bigint',
        last_push_at: 'bigint',
      });
      expect(await facts.foreignKeys('push_devices')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);
      expect(await facts.uniqueConstraints('push_devices')).toEqual([['endpoint']]);
      expect(await facts.indexes('push_devices')).toEqual([{ name: 'push_devices_owner_idx', unique: false }]);
      expect(await facts.indexColumns('push_devices_owner_idx')).toEqual(['owner_id', 'added_at']);
      await db.insertInto('push_devices').values(device('d-1', 'https://push.example/1')).execute();
      await expect(db.insertInto('push_devices').values(device('d-2', 'https://push.example/1')).execute()).rejects.toMatchObject(violation(dialect.kind, 'unique'));
      await expect(db.insertInto('push_devices').values(device('d-3', 'https://push.example/3', 'nobody')).execute()).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));

      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0022_news')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('push_devices');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('push_devices');
    });
  });
}
