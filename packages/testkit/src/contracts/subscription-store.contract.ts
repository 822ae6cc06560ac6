import type { Subscription, SubscriptionStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';
const T0 = 1_767_623_400_000;

const subscriptionId = (n: number): string => `5b000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * The behaviour every SubscriptionStore adapter must show. `make` returns a fresh store without
 * subscriptions, in which the user with `ownerId` exists.
 */
export function subscriptionStoreContract(adapter: string, make: (ownerId: string) => Promise<SubscriptionStore>): void {
  const subscription = (n: number, overrides: Partial<Subscription> = {}): Subscription => ({
    id: subscriptionId(n),
    userId: USER,
    plan: 'premium',
    provider: 'instant',
    startedAt: T0 + n,
    canceledAt: null,
    ...overrides,
  });

  describe(`SubscriptionStore contract: ${adapter}`, () => {
    it('has no active subscription and nothing to cancel at first', async () => {
      const store = await make(USER);
      expect(await store.active(USER)).toBeUndefined();
      expect(await store.cancelActive(USER, T0)).toBeUndefined();
    });

    it('starts a subscription and returns it, unchanged, as the active one', async () => {
      const store = await make(USER);
      expect(await store.start(subscription(1))).toBe('started');
      expect(await store.active(USER)).toEqual(subscription(1));
    });

    it('refuses a second start while one is active and keeps the first', async () => {
      const store = await make(USER);
      await store.start(subscription(1));
      expect(await store.start(subscription(2))).toBe('already_active');
      expect(await store.active(USER)).toEqual(subscription(1));
    });

    it('starts exactly one of many concurrent subscriptions of one user', async () => {
      const store = await make(USER);
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.start(subscription(i + 1))));
      expect(outcomes.filter((o) => o === 'started')).toHaveLength(1);
      const winner = outcomes.indexOf('started') + 1;
      expect(await store.active(USER)).toEqual(subscription(winner));
    });

    it('cancels the active subscription once, returning it with the cancel time', async () => {
      const store = await make(USER);
      await store.start(subscription(1));
      expect(await store.cancelActive(USER, T0 + 100)).toEqual(subscription(1, { canceledAt: T0 + 100 }));
      expect(await store.active(USER)).toBeUndefined();
      expect(await store.cancelActive(USER, T0 + 200)).toBeUndefined();
    });

    it('starts a new subscription after a cancel', async () => {
      const store = await make(USER);
      await store.start(subscription(1));
      await store.cancelActive(USER, T0 + 100);
      expect(await store.start(subscription(2, { startedAt: T0 + 200 }))).toBe('started');
      expect(await store.active(USER)).toEqual(subscription(2, { startedAt: T0 + 200 }));
      expect(await store.start(subscription(3))).toBe('already_active');
    });
  });
}
