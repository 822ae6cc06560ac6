import type { AuthorizationCode, AuthorizationCodeStore } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { OAUTH_FAMILIES, OAUTH_SETUP, OAUTH_USER, type OAuthStoreSetup } from './oauth-fixtures.js';

const T0 = 1_767_623_400_000;
const digest = (n: number): string => `${'c0'.repeat(28)}${n.toString(16).padStart(8, '0')}`;

const code = (n: number, overrides: Partial<AuthorizationCode> = {}): AuthorizationCode => ({
  digest: digest(n),
  clientId: 'https://client.example/oauth/client.json',
  clientName: 'Example client',
  userId: OAUTH_USER,
  redirectUri: 'http://127.0.0.1:33418/callback',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  scope: 'read propose',
  resource: 'https://condor.example/mcp',
  familyId: OAUTH_FAMILIES[n % OAUTH_FAMILIES.length] ?? '',
  createdAt: T0,
  expiresAt: T0 + 120_000,
  usedAt: null,
  ...overrides,
});

/**
 * The behaviour every AuthorizationCodeStore adapter must show. `make` returns a fresh store without codes in
 * which the setup's users and session families exist.
 */
export function authorizationCodeStoreContract(adapter: string, make: (setup: OAuthStoreSetup) => Promise<AuthorizationCodeStore>): void {
  describe(`AuthorizationCodeStore contract: ${adapter}`, () => {
    it('gives a code back exactly as inserted, and nothing for an unknown digest', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(code(1));
      await store.insert(code(2, { usedAt: T0 + 5, clientName: 'Grüße 🚀 "q"', redirectUri: 'com.example.app:/cb?a=b&c=d' }));
      expect(await store.find(digest(1))).toEqual(code(1));
      expect(await store.find(digest(2))).toEqual(code(2, { usedAt: T0 + 5, clientName: 'Grüße 🚀 "q"', redirectUri: 'com.example.app:/cb?a=b&c=d' }));
      expect(await store.find(digest(3))).toBeUndefined();
    });

    it('marks a code used once, recording when; a used or unknown code is never marked again', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(code(1));
      expect(await store.markUsed(digest(1), T0 + 7)).toBe(true);
      expect(await store.markUsed(digest(1), T0 + 8)).toBe(false);
      expect((await store.find(digest(1)))?.usedAt).toBe(T0 + 7);
      expect(await store.markUsed(digest(9), T0 + 9)).toBe(false);
      expect(await store.find(digest(9))).toBeUndefined();
    });

    it('lets exactly one of many concurrent uses win', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(code(1));
      const wins = await Promise.all(Array.from({ length: 8 }, (_, i) => store.markUsed(digest(1), T0 + 10 + i)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect((await store.find(digest(1)))?.usedAt).toBe(T0 + 10 + wins.indexOf(true));
    });

    it('refuses a second code with the same digest and keeps the first', async () => {
      const store = await make(OAUTH_SETUP);
      await store.insert(code(1));
      await expect(store.insert(code(1, { clientId: 'https://evil.example/client.json' }))).rejects.toThrow();
      expect(await store.find(digest(1))).toEqual(code(1));
    });
  });
}
