import type { BrokerLink } from '@condor/core';
import { brokerLinkStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlBrokerLinkStore } from './sql-broker-link-store.js';

const T0 = 1_767_623_400_000;

const link = (overrides: Partial<BrokerLink> = {}): BrokerLink => ({
  ownerId: OWNER_ID,
  broker: 'alpaca',
  environment: 'paper',
  apiKey: { keyId: 'k1', nonce: 'bm9uY2U=', ciphertext: 'a2V5' },
  apiSecret: { keyId: 'k1', nonce: 'bm9uY2Uy', ciphertext: 'c2VjcmV0' },
  keyHint: 'WXYZ',
  connectedAt: null,
  updatedAt: T0,
  ...overrides,
});

for (const dialect of testDialects()) {
  brokerLinkStoreContract(`SqlBrokerLinkStore on ${dialect.name}`, async (ownerIds) =>
    new SqlBrokerLinkStore(await migratedWithUsers(dialect, ownerIds)),
  );

  describe(`SqlBrokerLinkStore storage on ${dialect.name}`, () => {
    it('keeps each sealed key as JSON text, null without keys, and the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlBrokerLinkStore(db);
      await store.put(link());
      expect(await db.selectFrom('broker_links').selectAll().execute()).toEqual([
        {
          owner_id: OWNER_ID,
          broker: 'alpaca',
          environment: 'paper',
          api_key: '{"keyId":"k1","nonce":"bm9uY2U=","ciphertext":"a2V5"}',
          api_secret: '{"keyId":"k1","nonce":"bm9uY2Uy","ciphertext":"c2VjcmV0"}',
          key_hint: 'WXYZ',
          connected_at: null,
          updated_at: T0,
          account_number: null,
          account_key: null,
          logged_in_at: null,
        },
      ]);
      await store.put(link({ broker: 'sim', apiKey: null, apiSecret: null, keyHint: null, connectedAt: T0 + 1 }));
      expect(await db.selectFrom('broker_links').select(['broker', 'api_key', 'api_secret', 'key_hint', 'connected_at']).execute()).toEqual([
        { broker: 'sim', api_key: null, api_secret: null, key_hint: null, connected_at: T0 + 1 },
      ]);
    });

    it('refuses a link of an unknown owner', async () => {
      const store = new SqlBrokerLinkStore(await migratedWithOwner(dialect));
      await expect(store.put(link({ ownerId: '6f1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
    });

    it('lets the database refuse an unknown broker or environment', async () => {
      const db = await migratedWithOwner(dialect);
      const row = { owner_id: OWNER_ID, broker: 'sim', environment: 'paper', updated_at: T0 } as const;
      await expect(db.insertInto('broker_links').values({ ...row, broker: 'ibkr' as 'sim' }).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );
      await expect(db.insertInto('broker_links').values({ ...row, environment: 'demo' as 'paper' }).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );
    });

    it('names the column when a stored key is not a sealed value', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlBrokerLinkStore(db);
      await store.put(link());
      await db.updateTable('broker_links').set({ api_secret: '{"keyId":"k1","nonce":3}' }).execute();
      await expect(store.get(OWNER_ID)).rejects.toThrow('broker_links.api_secret holds JSON that is not a sealed value');
      await db.updateTable('broker_links').set({ api_key: 'plain-text-key' }).execute();
      await expect(store.get(OWNER_ID)).rejects.toThrow('broker_links.api_key holds text that is not JSON');
    });
  });
}
