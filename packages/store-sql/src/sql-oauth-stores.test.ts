import { authorizationCodeStoreContract, oauthClientStoreContract, oauthGrantStoreContract, OAUTH_SETUP } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedForOAuth } from '../test/migrated-for-oauth.js';
import { OWNER_ID } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import { SqlAuthorizationCodeStore } from './sql-authorization-code-store.js';
import { SqlOAuthClientStore } from './sql-oauth-client-store.js';
import { SqlOAuthGrantStore } from './sql-oauth-grant-store.js';

const T0 = 1_767_623_400_000;
const FAMILY = OAUTH_SETUP.familyIds[0] ?? '';
const DIGEST = 'c0de'.repeat(16);

const code = (overrides: Record<string, unknown> = {}) => ({
  digest: DIGEST,
  clientId: 'https://client.example/oauth/client.json',
  clientName: 'Example',
  userId: OWNER_ID,
  redirectUri: 'https://client.example/cb',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  scope: 'read',
  resource: 'https://condor.example/mcp',
  familyId: FAMILY,
  createdAt: T0,
  expiresAt: T0 + 120_000,
  usedAt: null,
  ...overrides,
});

for (const dialect of testDialects()) {
  oauthClientStoreContract(`SqlOAuthClientStore on ${dialect.name}`, async () => new SqlOAuthClientStore(await dialect.migrated()));
  authorizationCodeStoreContract(`SqlAuthorizationCodeStore on ${dialect.name}`, async (setup) => new SqlAuthorizationCodeStore(await migratedForOAuth(dialect, setup)));
  oauthGrantStoreContract(`SqlOAuthGrantStore on ${dialect.name}`, async (setup) => new SqlOAuthGrantStore(await migratedForOAuth(dialect, setup)));

  describe(`the SQL OAuth stores' storage on ${dialect.name}`, () => {
    it('keeps a code’s digest, never the code, and lets the database refuse anything but a hex SHA-256', async () => {
      const db = await migratedForOAuth(dialect, OAUTH_SETUP);
      const store = new SqlAuthorizationCodeStore(db);
      for (const digest of ['kq3Z8vYxR2mN5pL7tW9aB1cD4eF6gH0jK2lM4nO6pQ8', DIGEST.toUpperCase(), DIGEST.slice(1)]) {
        await expect(store.insert(code({ digest }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      }
      await store.insert(code());
      expect(await db.selectFrom('authorization_codes').select(['digest', 'used_at', 'expires_at']).execute()).toEqual([{ digest: DIGEST, used_at: null, expires_at: T0 + 120_000 }]);
    });

    it('refuses a code or a grant of an unknown user or session family', async () => {
      const db = await migratedForOAuth(dialect, OAUTH_SETUP);
      const unknown = '6f1c2d3e-0000-4000-8000-0000000000aa';
      await expect(new SqlAuthorizationCodeStore(db).insert(code({ familyId: unknown }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(new SqlAuthorizationCodeStore(db).insert(code({ userId: unknown }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      const grant = { familyId: FAMILY, userId: OWNER_ID, clientId: 'c', clientName: 'C', scope: 'read', resource: 'r', createdAt: T0, lastUsedAt: null };
      await expect(new SqlOAuthGrantStore(db).insert({ ...grant, familyId: unknown })).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(new SqlOAuthGrantStore(db).insert({ ...grant, userId: unknown })).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });

    it('keeps a client’s redirect URIs as a JSON array', async () => {
      const db = await dialect.migrated();
      await new SqlOAuthClientStore(db).insert({ clientId: 'id-1', clientName: null, clientUri: null, redirectUris: ['https://a.example/cb', 'http://127.0.0.1/cb'], createdAt: T0 });
      expect(await db.selectFrom('oauth_clients').selectAll().execute()).toEqual([
        { client_id: 'id-1', client_name: null, client_uri: null, redirect_uris: '["https://a.example/cb","http://127.0.0.1/cb"]', created_at: T0 },
      ]);
    });
  });
}
