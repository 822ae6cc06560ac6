import type { OAuthGrant, OAuthGrantStore } from '@condor/core';
import { MemoryOAuthGrantStore } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { ThrottledGrantUses } from './throttled-grant-uses.js';

const T0 = 1_767_623_400_000;
const grant: OAuthGrant = { familyId: 'fam-1', userId: 'u-1', clientId: 'https://c.example/m.json', clientName: 'C', scope: 'read', resource: 'https://condor.example/mcp', createdAt: T0, lastUsedAt: null };

/** Counts the writes that reach the store. */
class CountingStore extends MemoryOAuthGrantStore {
  writes = 0;
  override recordUse(familyId: string, at: number, unlessSince: number): Promise<void> {
    this.writes += 1;
    return super.recordUse(familyId, at, unlessSince);
  }
}

describe('ThrottledGrantUses', () => {
  it('passes the first use of a window to the store and none of the rest, then the next window’s first', async () => {
    const inner = new CountingStore();
    const store: OAuthGrantStore = new ThrottledGrantUses(inner);
    await store.insert(grant);
    for (let i = 0; i < 50; i += 1) await store.recordUse('fam-1', T0 + i * 1_000, T0 + i * 1_000 - 59_999);
    expect(inner.writes).toBe(1);
    expect((await store.find('fam-1'))?.lastUsedAt).toBe(T0);
    await store.recordUse('fam-1', T0 + 60_000, T0 + 1);
    expect(inner.writes).toBe(2);
    expect((await store.find('fam-1'))?.lastUsedAt).toBe(T0 + 60_000);
  });
});
