import type { ApiKey, ApiKeyStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;
const MINUTE = 60_000;

/** A hex SHA-256, as keys are stored by (never the key itself). */
const digest = (n: number): string => `${'a7'.repeat(28)}${n.toString(16).padStart(8, '0')}`;
const keyId = (n: number): string => `5e1c2d3e-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * The behaviour every ApiKeyStore adapter must show. `make` returns a fresh store without keys, in which
 * the users with `userIds` exist.
 */
export function apiKeyStoreContract(adapter: string, make: (userIds: readonly string[]) => Promise<ApiKeyStore>): void {
  const key = (n: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
    id: keyId(n),
    ownerId: USER,
    name: `key ${String(n)}`,
    digest: digest(n),
    hint: 'x9Qe',
    scopes: ['read', 'propose'],
    createdBy: null,
    createdAt: T0 + n,
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  });

  const fresh = () => make([USER, OTHER]);

  describe(`ApiKeyStore contract: ${adapter}`, () => {
    it('has no keys at first; revoking or using an unknown one does nothing', async () => {
      const store = await fresh();
      expect(await store.findByDigest(digest(1))).toBeUndefined();
      expect(await store.get(USER, keyId(1))).toBeUndefined();
      expect(await store.list(USER)).toEqual([]);
      await store.revoke(USER, keyId(1), T0);
      await store.recordUse(keyId(1), T0, T0 - MINUTE);
      expect(await store.list(USER)).toEqual([]);
    });

    it('gives a key back exactly as inserted, by digest and by owner and id: every field, nulls and all', async () => {
      const store = await fresh();
      const stored = [
        key(1),
        key(2, { name: 'Grüße 🚀 "quoted" \\ agent', scopes: ['trade'], expiresAt: T0 + 86_400_000, lastUsedAt: T0 + 9, revokedAt: T0 + 10 }),
        key(3, { scopes: ['read', 'propose', 'trade'], createdBy: keyId(1), ownerId: OTHER }),
      ];
      for (const k of stored) await store.insert(k);
      for (const [i, k] of stored.entries()) {
        expect(await store.findByDigest(digest(i + 1))).toEqual(k);
        expect(await store.get(k.ownerId, k.id)).toEqual(k);
      }
    });

    it('keeps its own copy: changing the inserted or a returned key afterwards changes nothing', async () => {
      const store = await fresh();
      const inserted: Mutable<ApiKey> = { ...key(1), scopes: ['read'] };
      await store.insert(inserted);
      inserted.revokedAt = T0 + 1;
      (inserted.scopes as string[]).push('trade');
      const got = (await store.findByDigest(digest(1))) as Mutable<ApiKey>;
      got.ownerId = OTHER;
      (got.scopes as string[]).push('propose');
      expect(await store.findByDigest(digest(1))).toEqual(key(1, { scopes: ['read'] }));
    });

    it('matches a digest exactly: another case, a prefix or a longer text finds nothing', async () => {
      const store = await fresh();
      await store.insert(key(1));
      for (const near of [digest(1).toUpperCase(), digest(1).slice(0, -1), `${digest(1)}0`]) expect(await store.findByDigest(near)).toBeUndefined();
    });

    it('refuses a second key with the same digest (even for another user) or the same id, and keeps the first', async () => {
      const store = await fresh();
      await store.insert(key(1));
      await expect(store.insert(key(2, { digest: digest(1), ownerId: OTHER }))).rejects.toThrow();
      await expect(store.insert(key(3, { id: keyId(1) }))).rejects.toThrow();
      expect(await store.list(USER)).toEqual([key(1)]);
      expect(await store.list(OTHER)).toEqual([]);
    });

    it('scopes get, list and revoke to the owner: another user neither sees nor revokes the key', async () => {
      const store = await fresh();
      await store.insert(key(1));
      await store.insert(key(2, { ownerId: OTHER }));
      expect(await store.get(OTHER, keyId(1))).toBeUndefined();
      expect(await store.list(OTHER)).toEqual([key(2, { ownerId: OTHER })]);
      await store.revoke(OTHER, keyId(1), T0 + 5);
      expect(await store.get(USER, keyId(1))).toEqual(key(1));
    });

    it("lists the owner's keys newest first, revoked and expired ones included", async () => {
      const store = await fresh();
      await store.insert(key(2, { revokedAt: T0 + 50 }));
      await store.insert(key(1));
      await store.insert(key(3, { expiresAt: T0 + 4 }));
      expect((await store.list(USER)).map((k) => k.id)).toEqual([keyId(3), keyId(2), keyId(1)]);
    });

    it('revokes a key once, keeping the first time, also for one inserted revoked', async () => {
      const store = await fresh();
      await store.insert(key(1));
      await store.insert(key(2, { revokedAt: T0 + 7 }));
      await store.revoke(USER, keyId(1), T0 + 10);
      await store.revoke(USER, keyId(1), T0 + 20);
      expect(await store.findByDigest(digest(1))).toEqual(key(1, { revokedAt: T0 + 10 }));
      await store.revoke(USER, keyId(2), T0 + 30);
      expect(await store.findByDigest(digest(2))).toEqual(key(2, { revokedAt: T0 + 7 }));
    });

    it('keeps one of 25 concurrent revocations, and that one for good; other keys stay', async () => {
      const store = await fresh();
      await store.insert(key(1));
      await store.insert(key(2));
      const times = Array.from({ length: 25 }, (_, i) => T0 + 100 + i);
      await Promise.all(times.map((at) => store.revoke(USER, keyId(1), at)));
      const kept = (await store.get(USER, keyId(1)))?.revokedAt;
      expect(times).toContain(kept);
      await store.revoke(USER, keyId(1), T0 + 999);
      expect((await store.get(USER, keyId(1)))?.revokedAt).toBe(kept);
      expect((await store.get(USER, keyId(2)))?.revokedAt).toBeNull();
    });

    it('records a use unless one is recorded since the given time; the time never goes back', async () => {
      const store = await fresh();
      await store.insert(key(1));
      await store.insert(key(2));
      await store.recordUse(keyId(1), T0 + MINUTE, T0 + 1);
      expect((await store.get(USER, keyId(1)))?.lastUsedAt).toBe(T0 + MINUTE);
      await store.recordUse(keyId(1), T0 + MINUTE + 30_000, T0 + 30_001);
      expect((await store.get(USER, keyId(1)))?.lastUsedAt).toBe(T0 + MINUTE);
      await store.recordUse(keyId(1), T0 + 2 * MINUTE, T0 + MINUTE);
      expect((await store.get(USER, keyId(1)))?.lastUsedAt).toBe(T0 + MINUTE);
      await store.recordUse(keyId(1), T0 + 2 * MINUTE + 1, T0 + MINUTE + 2);
      expect((await store.get(USER, keyId(1)))?.lastUsedAt).toBe(T0 + 2 * MINUTE + 1);
      await store.recordUse(keyId(1), T0, T0 - MINUTE);
      expect((await store.get(USER, keyId(1)))?.lastUsedAt).toBe(T0 + 2 * MINUTE + 1);
      expect((await store.get(USER, keyId(2)))?.lastUsedAt).toBeNull();
    });

    it('of 25 concurrent uses within a minute, records exactly one', async () => {
      const store = await fresh();
      await store.insert(key(1, { lastUsedAt: T0 }));
      const times = Array.from({ length: 25 }, (_, i) => T0 + 2 * MINUTE + i);
      await Promise.all(times.map((at) => store.recordUse(keyId(1), at, at - MINUTE + 1)));
      const recorded = (await store.get(USER, keyId(1)))?.lastUsedAt;
      expect(times).toContain(recorded);
      await store.recordUse(keyId(1), T0 + 2 * MINUTE + 30, T0 + MINUTE + 31);
      expect((await store.get(USER, keyId(1)))?.lastUsedAt).toBe(recorded);
    });
  });
}
