import type { RateLimitStore, WindowCount } from '@condor/core';

/** In-memory RateLimitStore with the same semantics as the SQL one. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowCount>();

  hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const current = this.windows.get(key);
    const next =
      current === undefined || now >= current.resetAt
        ? { count: 1, resetAt: now + windowMs }
        : { count: current.count + 1, resetAt: current.resetAt };
    this.windows.set(key, next);
    return Promise.resolve(next);
  }

  peek(key: string, now: number): Promise<WindowCount> {
    const current = this.windows.get(key);
    return Promise.resolve(current === undefined || now >= current.resetAt ? { count: 0, resetAt: now } : current);
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }
}
