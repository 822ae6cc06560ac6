import type { Passkey, PasskeyStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';

const passkey = (id: string, userId = ALICE, createdAt = T0): Passkey => ({
  id,
  userId,
  publicKey: `pQECAyYgASFYI-${id}`,
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: `Passkey ${id}`,
  createdAt,
  lastUsedAt: null,
});

/** What every PasskeyStore adapter must keep: passkeys per person, unique credential ids, the last one kept on ask, challenges taken once. */
export function passkeyStoreContract(adapter: string, make: () => Promise<PasskeyStore>): void {
  describe(`PasskeyStore contract: ${adapter}`, () => {
    it('keeps a person’s passkeys whole, oldest first, and shows them to nobody else', async () => {
      const store = await make();
      expect(await store.insert(passkey('cred-b', ALICE, T0 + 5))).toBe(true);
      expect(await store.insert(passkey('cred-a', ALICE, T0))).toBe(true);
      expect(await store.insert(passkey('cred-c', BOB))).toBe(true);
      expect(await store.list(ALICE)).toEqual([passkey('cred-a', ALICE, T0), passkey('cred-b', ALICE, T0 + 5)]);
      expect(await store.find(ALICE, 'cred-a')).toEqual(passkey('cred-a'));
      expect(await store.find(ALICE, 'cred-c')).toBeUndefined();
      expect(await store.list('00000000-0000-4000-8000-0000000000c3')).toEqual([]);
    });

    it('refuses a credential id that is already registered, to anyone', async () => {
      const store = await make();
      expect(await store.insert(passkey('cred-a'))).toBe(true);
      expect(await store.insert({ ...passkey('cred-a', BOB), publicKey: 'other' })).toBe(false);
      expect(await store.list(BOB)).toEqual([]);
      expect((await store.find(ALICE, 'cred-a'))?.publicKey).toBe(passkey('cred-a').publicKey);
    });

    it('renames and records uses only of the person’s own passkey', async () => {
      const store = await make();
      await store.insert(passkey('cred-a'));
      expect(await store.rename(ALICE, 'cred-a', 'Laptop — Touch ID')).toBe(true);
      expect(await store.rename(BOB, 'cred-a', 'Mine now')).toBe(false);
      expect(await store.recordUse(ALICE, 'cred-a', 7, T0 + 60_000)).toBe(true);
      expect(await store.recordUse(BOB, 'cred-a', 9, T0 + 70_000)).toBe(false);
      expect(await store.recordUse(ALICE, 'cred-x', 1, T0)).toBe(false);
      expect(await store.find(ALICE, 'cred-a')).toEqual({ ...passkey('cred-a'), name: 'Laptop — Touch ID', counter: 7, lastUsedAt: T0 + 60_000 });
    });

    it('removes a passkey, keeps the last one when asked to, and removes nobody else’s', async () => {
      const store = await make();
      await store.insert(passkey('cred-a'));
      await store.insert(passkey('cred-b', ALICE, T0 + 1));
      expect(await store.remove(BOB, 'cred-a', false)).toBe('absent');
      expect(await store.remove(ALICE, 'cred-a', true)).toBe('removed');
      expect(await store.remove(ALICE, 'cred-a', true)).toBe('absent');
      expect(await store.remove(ALICE, 'cred-b', true)).toBe('last');
      expect((await store.list(ALICE)).map((p) => p.id)).toEqual(['cred-b']);
      expect(await store.remove(ALICE, 'cred-b', false)).toBe('removed');
      expect(await store.list(ALICE)).toEqual([]);
    });

    it('gives a challenge back once, only to its person, and drops the person’s expired ones on the next save', async () => {
      const store = await make();
      const challenge = { challenge: 'Y2hhbGxlbmdlLTE', userId: ALICE, purpose: 'approve:p1:1.25:1.2', expiresAt: T0 + 300_000 };
      await store.saveChallenge(challenge, T0);
      expect(await store.takeChallenge(BOB, challenge.challenge)).toBeUndefined();
      expect(await store.takeChallenge(ALICE, challenge.challenge)).toEqual(challenge);
      expect(await store.takeChallenge(ALICE, challenge.challenge)).toBeUndefined();

      await store.saveChallenge({ ...challenge, challenge: 'old', expiresAt: T0 + 10 }, T0);
      await store.saveChallenge({ ...challenge, challenge: 'bobs-old', userId: BOB, expiresAt: T0 + 10 }, T0);
      await store.saveChallenge({ ...challenge, challenge: 'new', purpose: 'register' }, T0 + 11);
      expect(await store.takeChallenge(ALICE, 'old')).toBeUndefined();
      expect(await store.takeChallenge(BOB, 'bobs-old')).toEqual({ ...challenge, challenge: 'bobs-old', userId: BOB, expiresAt: T0 + 10 });
      expect(await store.takeChallenge(ALICE, 'new')).toEqual({ ...challenge, challenge: 'new', purpose: 'register' });
    });

    it('hands a challenge to only one of two takes at once', async () => {
      const store = await make();
      await store.saveChallenge({ challenge: 'race', userId: ALICE, purpose: 'register', expiresAt: T0 + 1000 }, T0);
      const taken = await Promise.all([store.takeChallenge(ALICE, 'race'), store.takeChallenge(ALICE, 'race')]);
      expect(taken.filter((t) => t !== undefined)).toHaveLength(1);
    });
  });
}
