import type { SessionFamily, SessionStore } from '@condor/core';
import { MemorySessionStore } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { CachedSessionStore } from './cached-session-store.js';
import { TtlCache } from './ttl-cache.js';

const family: SessionFamily = { id: 'fam-1', userId: 'user-1', createdAt: 0, revokedAt: null };

describe('CachedSessionStore', () => {
  it('answers from the cache within its TTL and reads the shared store again after it', async () => {
    const shared = new MemorySessionStore();
    await shared.createFamily(family);
    let now = 0;
    const cached = new CachedSessionStore(shared, new TtlCache<SessionFamily>(1_000, 100, () => now));
    expect((await cached.findFamily('fam-1'))?.revokedAt).toBeNull();
    await shared.revokeFamily('fam-1', 5); // another instance's revocation
    now = 999;
    expect((await cached.findFamily('fam-1'))?.revokedAt).toBeNull();
    now = 1_000;
    expect((await cached.findFamily('fam-1'))?.revokedAt).toBe(5);
  });

  it('sees its own revocation at once', async () => {
    const shared = new MemorySessionStore();
    await shared.createFamily(family);
    const cached = new CachedSessionStore(shared, new TtlCache<SessionFamily>(60_000, 100, () => 0));
    await cached.findFamily('fam-1');
    await cached.revokeFamily('fam-1', 7);
    expect((await cached.findFamily('fam-1'))?.revokedAt).toBe(7);
  });

  it("forgets a user's cached families when all of them are revoked (a password change), so the next read sees it", async () => {
    const shared = new MemorySessionStore();
    await shared.createFamily(family);
    const cached = new CachedSessionStore(shared, new TtlCache<SessionFamily>(60_000, 100, () => 0));
    expect((await cached.findFamily('fam-1'))?.revokedAt).toBeNull();
    expect(await cached.revokeAllOf(family.userId, 11)).toBe(1);
    expect((await cached.findFamily('fam-1'))?.revokedAt).toBe(11);
  });

  it('does not keep what a read under way during its revocation found', async () => {
    const shared = new MemorySessionStore();
    await shared.createFamily(family);
    let release = (): void => undefined;
    const slow: SessionStore = {
      createFamily: (f) => shared.createFamily(f),
      insertToken: (t) => shared.insertToken(t),
      findToken: (h) => shared.findToken(h),
      markTokenUsed: (h, at) => shared.markTokenUsed(h, at),
      findFamily: async (id: string) => {
        const found = await shared.findFamily(id);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return found;
      },
      revokeFamily: (id: string, at: number) => shared.revokeFamily(id, at),
      revokeAllOf: (userId: string, at: number) => shared.revokeAllOf(userId, at),
    };
    const cached = new CachedSessionStore(slow, new TtlCache<SessionFamily>(60_000, 100, () => 0));
    const before = cached.findFamily('fam-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await cached.revokeFamily('fam-1', 9);
    release();
    expect((await before)?.revokedAt).toBeNull();
    const after = cached.findFamily('fam-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect((await after)?.revokedAt).toBe(9);
  });
});
