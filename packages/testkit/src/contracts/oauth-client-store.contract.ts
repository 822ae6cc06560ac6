import type { OAuthClientStore, RegisteredClient } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;

const client = (n: number, overrides: Partial<RegisteredClient> = {}): RegisteredClient => ({
  clientId: `0c1e0000-0000-4000-8000-00000000000${String(n)}`,
  clientName: `Client ${String(n)}`,
  clientUri: 'https://client.example',
  redirectUris: ['http://127.0.0.1/callback', 'https://client.example/oauth/callback?x=1'],
  createdAt: T0 + n,
  ...overrides,
});

/** The behaviour every OAuthClientStore adapter must show. `make` returns a fresh, empty store. */
export function oauthClientStoreContract(adapter: string, make: () => Promise<OAuthClientStore>): void {
  describe(`OAuthClientStore contract: ${adapter}`, () => {
    it('gives a client back exactly as registered, with or without a name and home page, its redirect URIs in order', async () => {
      const store = await make();
      const clients = [client(1), client(2, { clientName: null, clientUri: null, redirectUris: ['com.example.app:/cb'] }), client(3, { clientName: 'Grüße 🚀 "q" \\' })];
      for (const c of clients) await store.insert(c);
      for (const c of clients) expect(await store.find(c.clientId)).toEqual(c);
      expect(await store.find('0c1e0000-0000-4000-8000-0000000000ff')).toBeUndefined();
    });

    it('refuses a second client with the same id and keeps the first', async () => {
      const store = await make();
      await store.insert(client(1));
      await expect(store.insert(client(1, { clientName: 'Impostor' }))).rejects.toThrow();
      expect(await store.find(client(1).clientId)).toEqual(client(1));
    });

    it('keeps its own copy: changing a returned client changes nothing stored', async () => {
      const store = await make();
      await store.insert(client(1));
      const got = (await store.find(client(1).clientId)) as unknown as { redirectUris: string[] };
      got.redirectUris.push('https://evil.example/cb');
      expect(await store.find(client(1).clientId)).toEqual(client(1));
    });
  });
}
