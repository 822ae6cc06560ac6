import { sessionStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { tempSqlite } from '../test/temp-sqlite.js';
import { SqlSessionStore } from './sql-session-store.js';
import { SqlUserStore } from './sql-user-store.js';

const temp = tempSqlite();
const T0 = 1_767_623_400_000;
const CONTRACT_USER = '6f1c2d3e-0000-4000-8000-000000000001';
const FAMILY = '7a000000-0000-4000-8000-000000000001';

const migratedWithUser = async (ownerId = CONTRACT_USER) => {
  const db = await temp.migrated();
  await new SqlUserStore(db).insert({
    id: ownerId,
    email: 'owner@example.com',
    passwordHash: 'hash-of-owner',
    createdAt: T0,
  });
  return db;
};

sessionStoreContract('SqlSessionStore on a SQLite file', async (ownerId) => new SqlSessionStore(await migratedWithUser(ownerId)));

describe('SqlSessionStore storage', () => {
  it('stores the refresh token digest exactly as given, and nothing else about the token', async () => {
    const db = await migratedWithUser();
    const store = new SqlSessionStore(db);
    const hash = 'sha256:3f1b2c0e9d8a7f6e5d4c3b2a19080706f5e4d3c2b1a09f8e7d6c5b4a39281706';
    await store.createFamily({ id: FAMILY, userId: CONTRACT_USER, createdAt: T0, revokedAt: null });
    await store.insertToken({
      hash,
      familyId: FAMILY,
      userId: CONTRACT_USER,
      issuedAt: T0,
      expiresAt: T0 + 86_400_000,
      usedAt: null,
    });
    expect(await db.selectFrom('refresh_tokens').selectAll().execute()).toEqual([
      { hash, family_id: FAMILY, user_id: CONTRACT_USER, issued_at: T0, expires_at: T0 + 86_400_000, used_at: null },
    ]);
  });

  it('refuses a family for an unknown user and a token for an unknown family', async () => {
    const store = new SqlSessionStore(await migratedWithUser());
    await expect(
      store.createFamily({ id: FAMILY, userId: '6f1c2d3e-0000-4000-8000-0000000000ff', createdAt: T0, revokedAt: null }),
    ).rejects.toThrow(/FOREIGN KEY/);
    await expect(
      store.insertToken({ hash: 'h1', familyId: FAMILY, userId: CONTRACT_USER, issuedAt: T0, expiresAt: T0 + 1, usedAt: null }),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
