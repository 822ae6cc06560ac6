/** The state of one fixed window. */
export interface WindowCount {
  readonly count: number;
  /** Epoch ms at which the window ends. */
  readonly resetAt: number;
}

/**
 * Fixed-window counters keyed by anything (an IP, an account): a port so several instances can
 * share one store.
 */
export interface RateLimitStore {
  /** Counts one event in the key's current window (a new window starts when the old one ended). */
  hit(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /** The current window's count without counting (zero when none is open). */
  peek(key: string, now: number): Promise<WindowCount>;
  /** Forgets the key's window (a successful login clears its failures). */
  reset(key: string): Promise<void>;
}
