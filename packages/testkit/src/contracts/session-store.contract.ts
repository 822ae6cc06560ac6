import type { RefreshTokenRecord, SessionStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const FAMILY = '7a000000-0000-4000-8000-000000000001';
const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const T0 = 1_767_623_400_000;

const token = (hash: string, overrides: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord => ({
  hash,
  familyId: FAMILY,
  userId: USER,
  issuedAt: T0,
  expiresAt: T0 + 86_400_000,
  usedAt: null,
  ...overrides,
});

/**
 * The behaviour every SessionStore adapter must show. `make` returns a fresh store without sessions,
 * in which the user with `ownerId` exists (stores that enforce references need the owner first).
 */
export function sessionStoreContract(adapter: string, make: (ownerId: string) => Promise<SessionStore>): void {
  describe(`SessionStore contract: ${adapter}`, () => {
    it('stores a family and its tokens as given', async () => {
      const store = await make(USER);
      await store.createFamily({ id: FAMILY, userId: USER, createdAt: T0, revokedAt: null });
      await store.insertToken(token('h1'));
      expect(await store.findFamily(FAMILY)).toEqual({ id: FAMILY, userId: USER, createdAt: T0, revokedAt: null });
      expect(await store.findToken('h1')).toEqual(token('h1'));
      expect(await store.findToken('nope')).toBeUndefined();
      expect(await store.findFamily('7a000000-0000-4000-8000-0000000000ff')).toBeUndefined();
    });

    it('marks a token used once, recording when', async () => {
      const store = await make(USER);
      await store.createFamily({ id: FAMILY, userId: USER, createdAt: T0, revokedAt: null });
      await store.insertToken(token('h1'));
      expect(await store.markTokenUsed('h1', T0 + 5)).toBe(true);
      expect(await store.markTokenUsed('h1', T0 + 6)).toBe(false);
      expect((await store.findToken('h1'))?.usedAt).toBe(T0 + 5);
      expect(await store.markTokenUsed('unknown', T0)).toBe(false);
    });

    it('lets exactly one of many concurrent uses of a token win', async () => {
      const store = await make(USER);
      await store.createFamily({ id: FAMILY, userId: USER, createdAt: T0, revokedAt: null });
      await store.insertToken(token('h1'));
      const wins = await Promise.all(Array.from({ length: 25 }, (_, i) => store.markTokenUsed('h1', T0 + i)));
      expect(wins.filter(Boolean)).toHaveLength(1);
    });

    it('revokes a family once and keeps the first revocation time', async () => {
      const store = await make(USER);
      await store.createFamily({ id: FAMILY, userId: USER, createdAt: T0, revokedAt: null });
      await store.revokeFamily(FAMILY, T0 + 10);
      await store.revokeFamily(FAMILY, T0 + 20);
      expect((await store.findFamily(FAMILY))?.revokedAt).toBe(T0 + 10);
    });

    it("revokes all of a user's live families at once (a password change), keeping earlier revocations and counting the ones it ended", async () => {
      const store = await make(USER);
      const ids = ['7a000000-0000-4000-8000-000000000001', '7a000000-0000-4000-8000-000000000002', '7a000000-0000-4000-8000-000000000003'] as const;
      for (const id of ids) await store.createFamily({ id, userId: USER, createdAt: T0, revokedAt: null });
      await store.revokeFamily(ids[0], T0 + 5);
      expect(await store.revokeAllOf(USER, T0 + 10)).toBe(2);
      expect((await Promise.all(ids.map((id) => store.findFamily(id)))).map((family) => family?.revokedAt)).toEqual([T0 + 5, T0 + 10, T0 + 10]);
      expect(await store.revokeAllOf(USER, T0 + 20)).toBe(0);
      expect(await store.revokeAllOf('6f1c2d3e-0000-4000-8000-0000000000ff', T0 + 30)).toBe(0);
      expect((await store.findFamily(ids[1]))?.revokedAt).toBe(T0 + 10);
    });
  });
}
