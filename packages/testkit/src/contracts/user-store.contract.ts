import type { User, UserStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const user = (id: string, email: string): User => ({
  id,
  email,
  passwordHash: `hash-of-${id}`,
  createdAt: 1_767_623_400_000,
});

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
  });
}
