import type { User, UserStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const user = (id: string, email: string): User => ({
  id,
  email,
  passwordHash: `hash-of-${id}`,
  createdAt: 1_767_623_400_000,
  emailVerifiedAt: null,
});

const T0 = 1_767_623_400_000;

/** The behaviour every UserStore adapter must show. `make` returns a fresh, empty store. */
export function userStoreContract(adapter: string, make: () => Promise<UserStore>): void {
  describe(`UserStore contract: ${adapter}`, () => {
    it('finds an inserted user by id and by email, unchanged', async () => {
      const store = await make();
      const alice = user('6f1c2d3e-0000-4000-8000-000000000001', 'alice@example.com');
      expect(await store.insert(alice)).toBe('inserted');
      expect(await store.findById(alice.id)).toEqual(alice);
      expect(await store.findByEmail('alice@example.com')).toEqual(alice);
    });

    it('answers undefined for unknown ids and emails', async () => {
      const store = await make();
      expect(await store.findById('6f1c2d3e-0000-4000-8000-0000000000ff')).toBeUndefined();
      expect(await store.findByEmail('nobody@example.com')).toBeUndefined();
    });

    it('refuses a second account with the same email and keeps the first', async () => {
      const store = await make();
      const first = user('6f1c2d3e-0000-4000-8000-000000000001', 'dup@example.com');
      await store.insert(first);
      expect(await store.insert(user('6f1c2d3e-0000-4000-8000-000000000002', 'dup@example.com'))).toBe('email_taken');
      expect(await store.findByEmail('dup@example.com')).toEqual(first);
    });

    it('admits exactly one of many concurrent registrations of one email', async () => {
      const store = await make();
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.insert(user(`6f1c2d3e-0000-4000-8000-${String(100 + i).padStart(12, '0')}`, 'race@example.com')),
        ),
      );
      expect(outcomes.filter((o) => o === 'inserted')).toHaveLength(1);
    });

    it('records when a user verified their address, the first time only', async () => {
      const store = await make();
      const alice = user('6f1c2d3e-0000-4000-8000-000000000001', 'alice@example.com');
      const bob = user('6f1c2d3e-0000-4000-8000-000000000002', 'bob@example.com');
      await store.insert(alice);
      await store.insert(bob);
      await store.markEmailVerified(alice.id, T0 + 5_000);
      await store.markEmailVerified(alice.id, T0 + 9_000);
      await store.markEmailVerified(alice.id, T0 + 1_000);
      await store.markEmailVerified('6f1c2d3e-0000-4000-8000-0000000000ff', T0);
      expect(await store.findById(alice.id)).toEqual({ ...alice, emailVerifiedAt: T0 + 5_000 });
      expect(await store.findByEmail('alice@example.com')).toEqual({ ...alice, emailVerifiedAt: T0 + 5_000 });
      expect(await store.findById(bob.id)).toEqual(bob);
    });

    it('keeps one of many verifications at once, and no later one', async () => {
      const store = await make();
      const alice = user('6f1c2d3e-0000-4000-8000-000000000001', 'alice@example.com');
      await store.insert(alice);
      const instants = Array.from({ length: 10 }, (_, i) => T0 + 1_000 * (i + 1));
      await Promise.all(instants.map((at) => store.markEmailVerified(alice.id, at)));
      const first = (await store.findById(alice.id))?.emailVerifiedAt;
      expect(instants).toContain(first);
      await store.markEmailVerified(alice.id, T0 + 99_000);
      expect((await store.findById(alice.id))?.emailVerifiedAt).toBe(first);
    });

    it('keeps the verification of a user inserted verified', async () => {
      const store = await make();
      const carol = { ...user('6f1c2d3e-0000-4000-8000-000000000003', 'carol@example.com'), emailVerifiedAt: T0 };
      await store.insert(carol);
      await store.markEmailVerified(carol.id, T0 + 1);
      expect(await store.findById(carol.id)).toEqual(carol);
    });

    it('replaces a user’s password hash and nothing else, of that user only', async () => {
      const store = await make();
      const alice = user('6f1c2d3e-0000-4000-8000-000000000001', 'alice@example.com');
      const bob = user('6f1c2d3e-0000-4000-8000-000000000002', 'bob@example.com');
      await store.insert(alice);
      await store.insert(bob);
      await store.markEmailVerified(alice.id, T0);
      await store.setPasswordHash(alice.id, 'scrypt$new-hash');
      await store.setPasswordHash('6f1c2d3e-0000-4000-8000-0000000000ff', 'scrypt$nobody');
      expect(await store.findById(alice.id)).toEqual({ ...alice, passwordHash: 'scrypt$new-hash', emailVerifiedAt: T0 });
      expect(await store.findByEmail('alice@example.com')).toEqual({ ...alice, passwordHash: 'scrypt$new-hash', emailVerifiedAt: T0 });
      expect(await store.findById(bob.id)).toEqual(bob);
      expect(await store.findById('6f1c2d3e-0000-4000-8000-0000000000ff')).toBeUndefined();
    });
  });
}
