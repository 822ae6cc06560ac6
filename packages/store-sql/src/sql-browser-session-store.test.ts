import type { BrowserSession } from '@condor/core';
import { browserSessionStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlBrowserSessionStore } from './sql-browser-session-store.js';

const T0 = 1_767_623_400_000;
const DIGEST = '0b7e'.repeat(16);

const session = (overrides: Partial<BrowserSession> = {}): BrowserSession => ({
  digest: DIGEST,
  userId: OWNER_ID,
  createdAt: T0,
  expiresAt: T0 + 86_400_000,
  revokedAt: null,
  userAgent: 'Firefox/128.0',
  ...overrides,
});

for (const dialect of testDialects()) {
  browserSessionStoreContract(`SqlBrowserSessionStore on ${dialect.name}`, async (userIds) =>
    new SqlBrowserSessionStore(await migratedWithUsers(dialect, userIds)),
  );

  describe(`SqlBrowserSessionStore storage on ${dialect.name}`, () => {
    it('keeps the digest, never the cookie, and the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlBrowserSessionStore(db);
      await store.insert(session());
      await store.revoke(DIGEST, T0 + 9_000);
      expect(await db.selectFrom('browser_sessions').selectAll().execute()).toEqual([
        { digest: DIGEST, user_id: OWNER_ID, created_at: T0, expires_at: T0 + 86_400_000, revoked_at: T0 + 9_000, user_agent: 'Firefox/128.0' },
      ]);
    });

    it('refuses a session of an unknown user', async () => {
      const store = new SqlBrowserSessionStore(await migratedWithOwner(dialect));
      await expect(store.insert(session({ userId: '6f1c2d3e-0000-4000-8000-0000000000ff' }))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
    });

    it('lets the database refuse anything but a lower-case hex SHA-256 as the digest', async () => {
      const store = new SqlBrowserSessionStore(await migratedWithOwner(dialect));
      const notDigests = ['kq3Z8vYxR2mN5pL7tW9aB1cD4eF6gH0jK2lM4nO6pQ8', DIGEST.toUpperCase(), DIGEST.slice(1), `${DIGEST}0`, `${DIGEST.slice(1)}-`];
      for (const digest of notDigests) {
        await expect(store.insert(session({ digest }))).rejects.toMatchObject(violation(dialect.kind, 'check'));
      }
      await store.insert(session());
      expect(await store.find(DIGEST)).toEqual(session());
    });
  });
}
