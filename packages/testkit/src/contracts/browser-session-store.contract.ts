import type { BrowserSession, BrowserSessionStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;
const DAY = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A hex SHA-256, as sessions are stored by (never the cookie's token). */
const digest = (n: number): string => `${'b5'.repeat(28)}${n.toString(16).padStart(8, '0')}`;

/**
 * The behaviour every BrowserSessionStore adapter must show. `make` returns a fresh store without
 * sessions, in which the users with `userIds` exist.
 */
export function browserSessionStoreContract(adapter: string, make: (userIds: readonly string[]) => Promise<BrowserSessionStore>): void {
  const session = (n: number, overrides: Partial<BrowserSession> = {}): BrowserSession => ({
    digest: digest(n),
    userId: USER,
    createdAt: T0 + n,
    expiresAt: T0 + n + DAY,
    revokedAt: null,
    userAgent: FIREFOX,
    ...overrides,
  });

  const fresh = () => make([USER, OTHER]);

  describe(`BrowserSessionStore contract: ${adapter}`, () => {
    it('has no sessions at first; revoking an unknown one does nothing', async () => {
      const store = await fresh();
      expect(await store.find(digest(1))).toBeUndefined();
      await store.revoke(digest(1), T0);
      expect(await store.find(digest(1))).toBeUndefined();
    });

    it('gives a session back exactly as inserted: with or without a user agent, revoked or not', async () => {
      const store = await fresh();
      const stored = [
        session(1),
        session(2, { userAgent: null, userId: OTHER }),
        session(3, { userAgent: 'Grüße 🚀 "quoted" \\ agent', revokedAt: T0 + 50 }),
      ];
      for (const s of stored) await store.insert(s);
      for (const [i, s] of stored.entries()) expect(await store.find(digest(i + 1))).toEqual(s);
    });

    it('keeps its own copy: changing the inserted or a returned session afterwards changes nothing', async () => {
      const store = await fresh();
      const inserted: Mutable<BrowserSession> = { ...session(1) };
      await store.insert(inserted);
      inserted.revokedAt = T0 + 1;
      const got = await store.find(digest(1));
      (got as Mutable<BrowserSession>).revokedAt = T0 + 2;
      (got as Mutable<BrowserSession>).userId = OTHER;
      expect(await store.find(digest(1))).toEqual(session(1));
    });

    it('matches a digest exactly: another case, a prefix or a longer text finds and revokes nothing', async () => {
      const store = await fresh();
      await store.insert(session(1));
      for (const near of [digest(1).toUpperCase(), digest(1).slice(0, -1), `${digest(1)}0`]) {
        expect(await store.find(near)).toBeUndefined();
        await store.revoke(near, T0 + 5);
      }
      expect(await store.find(digest(1))).toEqual(session(1));
    });

    it('refuses a second session with the same digest, even for another user, and keeps the first', async () => {
      const store = await fresh();
      await store.insert(session(1));
      await expect(store.insert(session(1, { userId: OTHER, userAgent: null }))).rejects.toThrow();
      expect(await store.find(digest(1))).toEqual(session(1));
    });

    it('revokes a session once, keeping the first time, also for one inserted revoked', async () => {
      const store = await fresh();
      await store.insert(session(1));
      await store.insert(session(2, { revokedAt: T0 + 7 }));
      await store.revoke(digest(1), T0 + 10);
      await store.revoke(digest(1), T0 + 20);
      expect(await store.find(digest(1))).toEqual(session(1, { revokedAt: T0 + 10 }));
      await store.revoke(digest(2), T0 + 30);
      expect(await store.find(digest(2))).toEqual(session(2, { revokedAt: T0 + 7 }));
    });

    it("ends only the session revoked: the user's other sessions and other users' stay", async () => {
      const store = await fresh();
      await store.insert(session(1));
      await store.insert(session(2));
      await store.insert(session(3, { userId: OTHER }));
      await store.revoke(digest(1), T0 + 10);
      expect(await store.find(digest(1))).toEqual(session(1, { revokedAt: T0 + 10 }));
      expect(await store.find(digest(2))).toEqual(session(2));
      expect(await store.find(digest(3))).toEqual(session(3, { userId: OTHER }));
    });

    it("ends all of a user's other live sessions at once, keeping the one named, earlier revocations and other users' sessions", async () => {
      const store = await fresh();
      for (const s of [session(1), session(2), session(3, { revokedAt: T0 + 5 }), session(4), session(5, { userId: OTHER })]) await store.insert(s);
      expect(await store.revokeOthers(USER, digest(2), T0 + 10)).toBe(2);
      expect((await Promise.all([1, 2, 3, 4, 5].map((n) => store.find(digest(n))))).map((s) => s?.revokedAt)).toEqual([T0 + 10, null, T0 + 5, T0 + 10, null]);
      expect(await store.revokeOthers(USER, digest(2), T0 + 20)).toBe(0);
      expect((await store.find(digest(1)))?.revokedAt).toBe(T0 + 10);
    });

    it('keeps one of 25 concurrent revocations, and that one for good', async () => {
      const store = await fresh();
      await store.insert(session(1));
      await store.insert(session(2));
      const times = Array.from({ length: 25 }, (_, i) => T0 + 100 + i);
      await Promise.all(times.map((at) => store.revoke(digest(1), at)));
      const kept = (await store.find(digest(1)))?.revokedAt;
      expect(times).toContain(kept);
      await store.revoke(digest(1), T0 + 999);
      expect((await store.find(digest(1)))?.revokedAt).toBe(kept);
      expect((await store.find(digest(2)))?.revokedAt).toBeNull();
    });
  });
}
