import type { ApiKey } from '@condor/core';
import { apiKeyStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlApiKeyStore } from './sql-api-key-store.js';

const T0 = 1_767_623_400_000;
const DIGEST = '5d2a'.repeat(16);
const ID = '5e1c2d3e-0000-4000-8000-000000000001';

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: ID,
  ownerId: OWNER_ID,
  name: 'laptop agent',
  digest: DIGEST,
  hint: 'x9Qe',
  scopes: ['read', 'trade'],
  createdBy: null,
  createdAt: T0,
  expiresAt: T0 + 86_400_000,
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

for (const dialect of testDialects()) {
  apiKeyStoreContract(`SqlApiKeyStore on ${dialect.name}`, async (userIds) => new SqlApiKeyStore(await migratedWithUsers(dialect, userIds)));

  describe(`SqlApiKeyStore storage on ${dialect.name}`, () => {
    it('keeps the digest, never the key, the scopes as OAuth writes them, and the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlApiKeyStore(db);
      await store.insert(key());
      await store.recordUse(ID, T0 + 60_000, T0 + 1);
      await store.revoke(OWNER_ID, ID, T0 + 90_000);
      expect(await db.selectFrom('api_keys').selectAll().execute()).toEqual([
        {
          id: ID,
          owner_id: OWNER_ID,
          name: 'laptop agent',
          digest: DIGEST,
          hint: 'x9Qe',
          scopes: 'read trade',
          created_by: null,
          created_at: T0,
          expires_at: T0 + 86_400_000,
          last_used_at: T0 + 60_000,
          revoked_at: T0 + 90_000,
        },
      ]);
    });

    it('refuses a key of an unknown user, or created by an unknown key', async () => {
      const store = new SqlApiKeyStore(await migratedWithOwner(dialect));
      await expect(store.insert(key({ ownerId: '6f1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(store.insert(key({ createdBy: '5e1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });

    it('sees a revocation made through another connection at once (every instance refuses the next request)', async () => {
      const [one, two] = await dialect.migratedMany(2);
      if (one === undefined || two === undefined) throw new Error('two connections expected');
      await one.insertInto('users').values({ id: OWNER_ID, email: 'o@example.com', password_hash: 'h', created_at: T0 }).execute();
      await new SqlApiKeyStore(one).insert(key());
      expect((await new SqlApiKeyStore(two).findByDigest(DIGEST))?.revokedAt).toBeNull();
      await new SqlApiKeyStore(one).revoke(OWNER_ID, ID, T0 + 5);
      expect((await new SqlApiKeyStore(two).findByDigest(DIGEST))?.revokedAt).toBe(T0 + 5);
    });
  });
}
