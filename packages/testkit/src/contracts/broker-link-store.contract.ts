import type { BrokerLink, BrokerLinkStore, Sealed } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';
const T0 = 1_767_623_400_000;

const sealed = (n: number): Sealed => ({
  keyId: `key-${String(n)}`,
  nonce: 'AAECAwQFBgcICQoL',
  ciphertext: `c2VhbGVkLXNlY3JldC0${String(n)}+/=`,
});

/**
 * The behaviour every BrokerLinkStore adapter must show. `make` returns a fresh store without links,
 * in which the users with `ownerIds` exist.
 */
export function brokerLinkStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<BrokerLinkStore>): void {
  const simLink = (overrides: Partial<BrokerLink> = {}): BrokerLink => ({
    ownerId: USER,
    broker: 'sim',
    environment: 'paper',
    apiKey: null,
    apiSecret: null,
    keyHint: null,
    connectedAt: null,
    updatedAt: T0,
    accountNumber: null,
    accountKey: null,
    loggedInAt: null,
    ...overrides,
  });
  const alpacaLink = (overrides: Partial<BrokerLink> = {}): BrokerLink =>
    simLink({
      broker: 'alpaca',
      environment: 'live',
      apiKey: sealed(1),
      apiSecret: sealed(2),
      keyHint: 'WXYZ',
      connectedAt: T0 + 5,
      updatedAt: T0 + 5,
      ...overrides,
    });

  const fresh = () => make([USER, OTHER]);

  describe(`BrokerLinkStore contract: ${adapter}`, () => {
    it('has no link at first', async () => {
      const store = await fresh();
      expect(await store.get(USER)).toBeUndefined();
      expect(await store.delete(USER)).toBe(false);
    });

    it('gives a link back exactly as put: nulls without keys, sealed keys with them', async () => {
      const store = await fresh();
      await store.put(simLink());
      expect(await store.get(USER)).toEqual(simLink());
      await store.put(alpacaLink({ ownerId: OTHER }));
      expect(await store.get(OTHER)).toEqual(alpacaLink({ ownerId: OTHER }));
    });

    it('replaces the owner’s link on put, keys included, leaving other owners’ links alone', async () => {
      const store = await fresh();
      await store.put(simLink({ ownerId: OTHER }));
      await store.put(simLink());
      await store.put(alpacaLink({ environment: 'paper', connectedAt: null }));
      expect(await store.get(USER)).toEqual(alpacaLink({ environment: 'paper', connectedAt: null }));
      await store.put(alpacaLink({ apiKey: sealed(3), apiSecret: sealed(4), keyHint: 'ABCD', updatedAt: T0 + 9 }));
      expect(await store.get(USER)).toEqual(alpacaLink({ apiKey: sealed(3), apiSecret: sealed(4), keyHint: 'ABCD', updatedAt: T0 + 9 }));
      await store.put(simLink({ updatedAt: T0 + 10 }));
      expect(await store.get(USER)).toEqual(simLink({ updatedAt: T0 + 10 }));
      expect(await store.get(OTHER)).toEqual(simLink({ ownerId: OTHER }));
    });

    it('keeps its own copy: changing a returned link afterwards changes nothing', async () => {
      const store = await fresh();
      await store.put(alpacaLink());
      const got = await store.get(USER);
      (got!.apiKey as { keyId: string }).keyId = 'changed';
      expect(await store.get(USER)).toEqual(alpacaLink());
    });

    it('deletes the owner’s link once, keys included, and only that owner’s', async () => {
      const store = await fresh();
      await store.put(alpacaLink());
      await store.put(alpacaLink({ ownerId: OTHER }));
      expect(await store.delete(USER)).toBe(true);
      expect(await store.get(USER)).toBeUndefined();
      expect(await store.delete(USER)).toBe(false);
      expect(await store.get(OTHER)).toEqual(alpacaLink({ ownerId: OTHER }));
      await store.put(simLink());
      expect(await store.get(USER)).toEqual(simLink());
    });

    it('keeps the account chosen among a login’s accounts, and forgets it when the link is replaced without one', async () => {
      const store = await fresh();
      const tastytrade = alpacaLink({ broker: 'tastytrade', environment: 'paper', accountNumber: '5WT00002' });
      await store.put(tastytrade);
      expect(await store.get(USER)).toEqual(tastytrade);
      await store.put(alpacaLink({ broker: 'tastytrade', environment: 'paper', updatedAt: T0 + 9, accountNumber: null }));
      expect((await store.get(USER))?.accountNumber).toBeNull();
    });

    it('keeps a login link’s time and account hash, and lists the logins made between two times, oldest first, at most as many as asked', async () => {
      const store = await fresh();
      const schwab = (ownerId: string, loggedInAt: number): BrokerLink =>
        simLink({ ownerId, broker: 'schwab', environment: 'live', apiSecret: sealed(3), accountNumber: '12345678', accountKey: `HASH-${ownerId}`, loggedInAt });
      await store.put(schwab(USER, T0 + 100));
      expect(await store.get(USER)).toEqual(schwab(USER, T0 + 100));
      await store.put(alpacaLink({ ownerId: OTHER }));
      expect(await store.loginsBetween(0, T0 + 101, 10)).toEqual([schwab(USER, T0 + 100)]);
      expect(await store.loginsBetween(T0 + 100, T0 + 101, 10)).toEqual([schwab(USER, T0 + 100)]);
      expect(await store.loginsBetween(0, T0 + 100, 10)).toEqual([]);
      expect(await store.loginsBetween(T0 + 101, T0 + 1_000, 10)).toEqual([]);
      await store.put(schwab(OTHER, T0 + 50));
      expect((await store.loginsBetween(0, T0 + 1_000, 10)).map((l) => l.ownerId)).toEqual([OTHER, USER]);
      expect((await store.loginsBetween(0, T0 + 1_000, 1)).map((l) => l.ownerId)).toEqual([OTHER]);
      expect((await store.loginsBetween(T0 + 51, T0 + 1_000, 10)).map((l) => l.ownerId)).toEqual([USER]);
      await store.put(alpacaLink());
      expect((await store.loginsBetween(0, T0 + 1_000, 10)).map((l) => l.ownerId)).toEqual([OTHER]);
    });

    it('marks a link unconnected only while it is the link last written', async () => {
      const store = await fresh();
      await store.put(alpacaLink({ updatedAt: T0 + 5 }));
      expect(await store.disconnectIfUnchanged(USER, T0 + 4, T0 + 9)).toBe(false);
      expect(await store.get(USER)).toEqual(alpacaLink({ updatedAt: T0 + 5 }));
      expect(await store.disconnectIfUnchanged(USER, T0 + 5, T0 + 9)).toBe(true);
      expect(await store.get(USER)).toEqual(alpacaLink({ connectedAt: null, updatedAt: T0 + 9 }));
      expect(await store.disconnectIfUnchanged(OTHER, T0 + 5, T0 + 9)).toBe(false);
    });

    it('keeps a minted token under its link key, sealed, until a newer one; deleting the link forgets its tokens', async () => {
      const store = await fresh();
      await store.put(alpacaLink());
      expect(await store.keptToken('link-a')).toBeUndefined();
      expect(await store.claimTokenRefresh(USER, 'link-a', T0, T0 + 10_000)).toBe(true);
      expect(await store.keptToken('link-a')).toBeUndefined();
      await store.keepToken(USER, 'link-a', { sealed: sealed(7), expiresAt: T0 + 900_000 }, T0 + 1);
      expect(await store.keptToken('link-a')).toEqual({ sealed: sealed(7), expiresAt: T0 + 900_000 });
      await store.keepToken(USER, 'link-a', { sealed: sealed(8), expiresAt: T0 + 1_800_000 }, T0 + 2);
      expect(await store.keptToken('link-a')).toEqual({ sealed: sealed(8), expiresAt: T0 + 1_800_000 });
      await store.keepToken(OTHER, 'link-b', { sealed: sealed(9), expiresAt: T0 + 900_000 }, T0 + 2);
      await store.delete(USER);
      expect(await store.keptToken('link-a')).toBeUndefined();
      expect(await store.keptToken('link-b')).toEqual({ sealed: sealed(9), expiresAt: T0 + 900_000 });
    });

    it('grants the refresh lease to one claim at a time until it runs out or a token is kept', async () => {
      const store = await fresh();
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claimTokenRefresh(USER, 'link-a', T0, T0 + 10_000)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimTokenRefresh(USER, 'link-a', T0 + 9_999, T0 + 20_000)).toBe(false);
      expect(await store.claimTokenRefresh(USER, 'link-b', T0 + 9_999, T0 + 20_000)).toBe(true);
      expect(await store.claimTokenRefresh(USER, 'link-a', T0 + 10_000, T0 + 20_000)).toBe(true);
      await store.keepToken(USER, 'link-a', { sealed: sealed(1), expiresAt: T0 + 900_000 }, T0 + 10_001);
      expect(await store.claimTokenRefresh(USER, 'link-a', T0 + 10_002, T0 + 20_000)).toBe(true);
      expect(await store.keptToken('link-a')).toEqual({ sealed: sealed(1), expiresAt: T0 + 900_000 });
    });
  });
}
