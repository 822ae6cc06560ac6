import { sessionStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import { SqlSessionStore } from './sql-session-store.js';
import { SqlUserStore } from './sql-user-store.js';

const T0 = 1_767_623_400_000;
const CONTRACT_USER = '6f1c2d3e-0000-4000-8000-000000000001';
const FAMILY = '7a000000-0000-4000-8000-000000000001';

const token = (hash: string) => ({ hash, familyId: FAMILY, userId: CONTRACT_USER, issuedAt: T0, expiresAt: T0 + 86_400_000, usedAt: null });

for (const dialect of testDialects()) {
  sessionStoreContract(`SqlSessionStore on ${dialect.name}`, async (ownerId) => new SqlSessionStore(await migratedWithOwner(dialect, ownerId)));

  describe(`SqlSessionStore storage on ${dialect.name}`, () => {
    it('stores the refresh token digest exactly as given, and nothing else about the token', async () => {
      const db = await migratedWithOwner(dialect, CONTRACT_USER);
      const store = new SqlSessionStore(db);
      const hash = 'sha256:3f1b2c0e9d8a7f6e5d4c3b2a19080706f5e4d3c2b1a09f8e7d6c5b4a39281706';
      await store.createFamily({ id: FAMILY, userId: CONTRACT_USER, createdAt: T0, revokedAt: null });
      await store.insertToken(token(hash));
      expect(await db.selectFrom('refresh_tokens').selectAll().execute()).toEqual([
        { hash, family_id: FAMILY, user_id: CONTRACT_USER, issued_at: T0, expires_at: T0 + 86_400_000, used_at: null },
      ]);
    });

    it('refuses a family for an unknown user and a token for an unknown family', async () => {
      const store = new SqlSessionStore(await migratedWithOwner(dialect, CONTRACT_USER));
      await expect(
        store.createFamily({ id: FAMILY, userId: '6f1c2d3e-0000-4000-8000-0000000000ff', createdAt: T0, revokedAt: null }),
      ).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(store.insertToken(token('h1'))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });

    it('rotates a refresh token once when it is used at the same time through separate connections', async () => {
      const dbs = await dialect.migratedMany(5);
      await new SqlUserStore(dbs[0]!).insert({ id: CONTRACT_USER, email: 'o@example.com', passwordHash: 'h', createdAt: T0 });
      const stores = dbs.map((db) => new SqlSessionStore(db));
      await stores[0]!.createFamily({ id: FAMILY, userId: CONTRACT_USER, createdAt: T0, revokedAt: null });
      for (const n of [1, 2, 3]) await stores[0]!.insertToken(token(`h${n}`));
      const calls = Array.from({ length: 60 }, (_, i) => ({ hash: `h${(i % 3) + 1}`, at: T0 + i }));
      const wins = await Promise.all(calls.map(({ hash, at }, i) => stores[i % stores.length]!.markTokenUsed(hash, at)));
      for (const hash of ['h1', 'h2', 'h3']) {
        const won = calls.filter((call, i) => call.hash === hash && wins[i]);
        expect(won).toHaveLength(1);
        expect((await stores[4]!.findToken(hash))?.usedAt).toBe(won[0]!.at);
      }
    });
  });
}
