import type { Subscription, SubscriptionStore } from '@condor/core';

/** In-memory SubscriptionStore with the same semantics as the SQL one. */
export class MemorySubscriptionStore implements SubscriptionStore {
  private readonly all = new Map<string, Subscription>();

  active(userId: string): Promise<Subscription | undefined> {
    return Promise.resolve(this.findActive(userId));
  }

  start(subscription: Subscription): Promise<'started' | 'already_active'> {
    if (this.findActive(subscription.userId) !== undefined) return Promise.resolve('already_active');
    if (this.all.has(subscription.id)) return Promise.reject(new Error(`Subscription ${subscription.id} already exists`));
    this.all.set(subscription.id, { ...subscription });
    return Promise.resolve('started');
  }

  cancelActive(userId: string, at: number): Promise<Subscription | undefined> {
    const current = this.findActive(userId);
    if (current === undefined) return Promise.resolve(undefined);
    const canceled = { ...current, canceledAt: at };
    this.all.set(current.id, canceled);
    return Promise.resolve(canceled);
  }

  private findActive(userId: string): Subscription | undefined {
    return [...this.all.values()].find((s) => s.userId === userId && s.canceledAt === null);
  }
}
