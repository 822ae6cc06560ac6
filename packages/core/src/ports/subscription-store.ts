export type Plan = 'premium';

export interface Subscription {
  readonly id: string;
  readonly userId: string;
  readonly plan: Plan;
  /** Which billing adapter activated it, e.g. 'instant'. */
  readonly provider: string;
  readonly startedAt: number;
  readonly canceledAt: number | null;
}

/** Subscriptions; at most one active (not canceled) per user. */
export interface SubscriptionStore {
  active(userId: string): Promise<Subscription | undefined>;
  /** Starts the subscription unless the user has an active one (atomically, also under concurrency). */
  start(subscription: Subscription): Promise<'started' | 'already_active'>;
  /** Cancels the user's active subscription; undefined when there is none. */
  cancelActive(userId: string, at: number): Promise<Subscription | undefined>;
}
