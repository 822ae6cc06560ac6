import type { RateLimitStore, WindowCount } from '@condor/core';

/** The shared table the windows are counted in (SqlRateLimitStore), taking several hits at once. */
export interface SharedWindows extends RateLimitStore {
  hitBy(key: string, count: number, windowMs: number, now: number): Promise<WindowCount>;
}

/** How often the hits counted locally are handed to the shared table. */
export const FLUSH_INTERVAL_MS = 1_000;

interface LocalWindow {
  /** The key's count in the shared table when this instance last wrote to it (every instance's hits). */
  shared: number;
  /** Hits counted here since. */
  pending: number;
  resetAt: number;
}

/**
 * The per-address request limit without a database write per request. The first hit of an address in a window
 * is written to the shared table (which tells this instance the window's end and everyone's count so far); later
 * hits are counted here and handed on once a second, each time learning the other instances' count; and once an
 * address is past half its limit, every hit is written at once, so the refusal at the limit is exact.
 *
 * Precision: on one instance the count is exact. Across instances, an address below half its limit can be
 * admitted up to one flush interval's worth of hits on the other instances before the refusal, never more; past
 * half its limit, it is refused exactly as a shared count would refuse it.
 */
export class CoalescedRateLimits implements RateLimitStore {
  private readonly windows = new Map<string, LocalWindow>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly shared: SharedWindows,
    private readonly settings: { readonly limit: number; readonly now: () => number; readonly onFlushError: (error: unknown) => void },
    flushIntervalMs = FLUSH_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushIntervalMs);
    this.timer.unref();
  }

  async hit(key: string, windowMs: number, now: number): Promise<WindowCount> {
    const local = this.current(key, now);
    if (local !== undefined && local.shared + local.pending + 1 <= this.settings.limit / 2) {
      local.pending++;
      return { count: local.shared + local.pending, resetAt: local.resetAt };
    }
    const handed = (local?.pending ?? 0) + 1;
    if (local !== undefined) local.pending = 0;
    const window = await this.shared.hitBy(key, handed, windowMs, now);
    return this.learn(key, window, now);
  }

  peek(key: string, now: number): Promise<WindowCount> {
    return this.shared.peek(key, now);
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return this.shared.reset(key);
  }

  /** Hands every pending count to the shared table and learns the others' counts; forgets ended windows. */
  async flush(): Promise<void> {
    const now = this.settings.now();
    for (const [key, local] of [...this.windows]) {
      if (local.resetAt <= now) {
        this.windows.delete(key);
        continue;
      }
      if (local.pending === 0) continue;
      const handed = local.pending;
      local.pending = 0;
      try {
        this.learn(key, await this.shared.hitBy(key, handed, local.resetAt - now, now), now);
      } catch (error) {
        local.pending += handed;
        this.settings.onFlushError(error);
        return;
      }
    }
  }

  /** Stops the flushing, after a last one. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private current(key: string, now: number): LocalWindow | undefined {
    const local = this.windows.get(key);
    if (local === undefined || local.resetAt > now) return local;
    this.windows.delete(key);
    return undefined;
  }

  /** Takes in the shared count a write answered; hits counted here meanwhile stay pending on top of it. */
  private learn(key: string, window: WindowCount, now: number): WindowCount {
    const local = this.current(key, now);
    if (local === undefined) {
      this.windows.set(key, { shared: window.count, pending: 0, resetAt: window.resetAt });
      return window;
    }
    local.shared = Math.max(local.shared, window.count);
    local.resetAt = window.resetAt;
    return { count: local.shared + local.pending, resetAt: local.resetAt };
  }
}
