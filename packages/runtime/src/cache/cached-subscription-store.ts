import type { Subscription, SubscriptionStore } from '@condor/core';
import { TtlCache } from './ttl-cache.js';

/** What `active` answered: the subscription, or none (cached too: most users have none). */
type Active = { readonly subscription: Subscription | undefined };

/**
 * A SubscriptionStore that keeps each user's active subscription (every authenticated request reads it for the
 * tier) for a moment. Subscribing or cancelling through this instance changes the tier on its next request;
 * through another instance, within the cache's TTL. Quotas themselves are counted in the shared store.
 */
export class CachedSubscriptionStore implements SubscriptionStore {
  constructor(
    private readonly inner: SubscriptionStore,
    private readonly cache = new TtlCache<Active>(),
  ) {}

  async active(userId: string): Promise<Subscription | undefined> {
    const found = await this.cache.read(userId, async () => ({ subscription: await this.inner.active(userId) }));
    return found?.subscription;
  }

  start(subscription: Subscription): Promise<'started' | 'already_active'> {
    return this.cache.forgetAround(subscription.userId, () => this.inner.start(subscription));
  }

  cancelActive(userId: string, at: number): Promise<Subscription | undefined> {
    return this.cache.forgetAround(userId, () => this.inner.cancelActive(userId, at));
  }
}
