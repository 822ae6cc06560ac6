import type { OAuthGrant, OAuthGrantStore } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { OAUTH_FAMILIES, OAUTH_OTHER_USER, OAUTH_SETUP, OAUTH_USER, type OAuthStoreSetup } from './oauth-fixtures.js';

const T0 = 1_767_623_400_000;
const family = (n: number): string => OAUTH_FAMILIES[n] ?? '';

const grant = (n: number, overrides: Partial<OAuthGrant> = {}): OAuthGrant => ({
  familyId: family(n),
  userId: OAUTH_USER,
  clientId: `https://client${String(n)}.example/oauth/client.json`,
  clientName: `Client ${String(n)}`,
  scope: 'read propose trade',
  resource: 'https://condor.example/mcp',
  createdAt: T0 + n,
  lastUsedAt: null,
  ...overrides,
});

/**
 * The behaviour every OAuthGrantStore adapter must show. `make` returns a fresh store without grants in which the
 * setup's users and session families exist.
 */
export function oauthGrantStoreContract(adapter: string, make: (setup: OAuthStoreSetup) => Promise<OAuthGrantStore>): void {
  describe(`OAuthGrantStore contract: ${adapter}`, () => {
    it('gives a grant back by its family, and lists a user’s grants oldest first, no one else’s', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(grant(2, { createdAt: T0 + 1 }));
      await store.insert(grant(0, { createdAt: T0 + 5, clientName: 'Grüße 🚀 "q"' }));
      await store.insert(grant(1, { userId: OAUTH_OTHER_USER }));
      expect(await store.find(family(0))).toEqual(grant(0, { createdAt: T0 + 5, clientName: 'Grüße 🚀 "q"' }));
      expect(await store.find('7a000000-0000-4000-8000-0000000000ff')).toBeUndefined();
      expect(await store.listByUser(OAUTH_USER)).toEqual([grant(2, { createdAt: T0 + 1 }), grant(0, { createdAt: T0 + 5, clientName: 'Grüße 🚀 "q"' })]);
      expect(await store.listByUser(OAUTH_OTHER_USER)).toEqual([grant(1, { userId: OAUTH_OTHER_USER })]);
      expect(await store.listByUser('6f1c2d3e-0000-4000-8000-0000000000aa')).toEqual([]);
    });

    it('records a use to the minute: none written while one since `unlessSince` stands, and only for that grant', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(grant(0));
      await store.insert(grant(1));
      await store.recordUse(family(0), T0 + 10_000, T0 - 50_000);
      await store.recordUse(family(0), T0 + 20_000, T0 + 10_000);
      expect((await store.find(family(0)))?.lastUsedAt).toBe(T0 + 10_000);
      await store.recordUse(family(0), T0 + 70_001, T0 + 10_001);
      expect((await store.find(family(0)))?.lastUsedAt).toBe(T0 + 70_001);
      expect((await store.find(family(1)))?.lastUsedAt).toBeNull();
      await store.recordUse('7a000000-0000-4000-8000-0000000000ff', T0, T0);
      expect(await store.find('7a000000-0000-4000-8000-0000000000ff')).toBeUndefined();
    });

    it('refuses a second grant in the same family and keeps the first', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(grant(0));
      await expect(store.insert(grant(0, { clientId: 'https://evil.example/c.json' }))).rejects.toThrow();
      expect(await store.find(family(0))).toEqual(grant(0));
    });
  });
}
