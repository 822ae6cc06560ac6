import type { QuotaStore } from '@condor/core';
import { TtlCache } from './ttl-cache.js';

type Usage = Readonly<Record<string, number>>;

/**
 * A QuotaStore whose `usage` (what `get_subscription` shows, read on every call of it) is kept for a moment.
 * Counting stays in the shared store, atomic and exact: `consume` always goes through, and forgets the user's
 * day here, so this instance shows its own counts at once and another instance's within the cache's TTL.
 */
export class CachedQuotaStore implements QuotaStore {
  constructor(
    private readonly inner: QuotaStore,
    private readonly cache = new TtlCache<Usage>(),
  ) {}

  consume(userId: string, tool: string, day: string, limit: number): Promise<{ admitted: boolean; used: number }> {
    return this.cache.forgetAround(keyOf(userId, day), () => this.inner.consume(userId, tool, day, limit));
  }

  async usage(userId: string, day: string): Promise<Usage> {
    return (await this.cache.read(keyOf(userId, day), () => this.inner.usage(userId, day))) ?? {};
  }
}

const keyOf = (userId: string, day: string): string => `${userId}\u0000${day}`;
