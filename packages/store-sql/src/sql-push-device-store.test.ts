import type { PushDevice } from '@condor/core';
import { FakeSecretBox, pushDeviceStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlPushDeviceStore } from './sql-push-device-store.js';

const T0 = 1_767_623_400_000;
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

const device = (given: Partial<PushDevice> = {}): PushDevice => ({
  id: 'device-1',
  ownerId: OWNER_ID,
  endpoint: 'https://push.example/send/abc',
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: AUTH,
  name: 'Firefox on Linux',
  addedAt: T0,
  lastPushAt: null,
  ...given,
});

for (const dialect of testDialects()) {
  pushDeviceStoreContract(`SqlPushDeviceStore on ${dialect.name}`, async (ownerIds) => new SqlPushDeviceStore(await migratedWithUsers(dialect, ownerIds), new FakeSecretBox()));

  describe(`SqlPushDeviceStore storage on ${dialect.name}`, () => {
    it('keeps the auth secret sealed, bound to its endpoint, never as it was given', async () => {
      const db = await migratedWithOwner(dialect);
      const secrets = new FakeSecretBox();
      const store = new SqlPushDeviceStore(db, secrets);
      await store.add(device());
      const [row] = await db.selectFrom('push_devices').selectAll().execute();
      expect(row).toMatchObject({ id: 'device-1', owner_id: OWNER_ID, endpoint: device().endpoint, p256dh: device().p256dh, added_at: T0, last_push_at: null });
      expect(row!.auth).not.toContain(AUTH);
      expect(JSON.parse(row!.auth)).toEqual({ keyId: 'fake-key', nonce: expect.any(String), ciphertext: expect.any(String) });
      // The sealed secret copied to another subscription's row does not open there: that device is left out.
      await store.add(device({ id: 'device-2', endpoint: 'https://push.example/send/def', auth: 'another-secret' }));
      await db.updateTable('push_devices').set({ auth: row!.auth }).where('id', '=', 'device-2').execute();
      expect(await store.list(OWNER_ID)).toEqual([device()]);
    });

    it('leaves out a device whose secret was sealed under a key this deployment no longer has', async () => {
      const db = await migratedWithOwner(dialect);
      await new SqlPushDeviceStore(db, new FakeSecretBox('retired-key')).add(device());
      const store = new SqlPushDeviceStore(db, new FakeSecretBox('current-key'));
      expect(await store.list(OWNER_ID)).toEqual([]);
      const again = await store.add(device({ id: 'device-9', addedAt: T0 + 1 }));
      expect(again).toEqual(device({ addedAt: T0 + 1 }));
      expect(await store.list(OWNER_ID)).toEqual([device({ addedAt: T0 + 1 })]);
    });

    it('refuses a device of an unknown owner', async () => {
      const store = new SqlPushDeviceStore(await migratedWithOwner(dialect), new FakeSecretBox());
      await expect(store.add(device({ ownerId: '6f1c2d3e-0000-4000-8000-0000000000ee' }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });
  });
}
