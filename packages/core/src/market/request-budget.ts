/**
 * A client-side budget of requests per key (a link's credentials): at most `limit` sends in any `windowMs` window. A
 * caller over budget is given a later send time and waits for it (`sleep`) instead of earning a 429. Send times are
 * reserved when asked, so concurrent callers queue in order without polling. A sliding window rather than a refilling
 * bucket: a full bucket plus a window's refill would allow twice the budget in the first window.
 * @example
 * const budget = new RequestBudget({ limit: 190, windowMs: 60_000, now: clock, sleep });
 * await budget.take(apiKeyId); // returns at once, or after the wait that keeps the budget
 */
export class RequestBudget {
  private readonly sends = new Map<string, number[]>();

  constructor(
    private readonly options: {
      readonly limit: number;
      readonly windowMs: number;
      /** Epoch milliseconds. */
      readonly now: () => number;
      readonly sleep: (ms: number) => Promise<void>;
    },
  ) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError(`a request budget must be a positive whole number, not ${String(options.limit)}`);
  }

  /** Reserves the next send for `key` and waits until it is due. */
  async take(key: string): Promise<void> {
    const wait = this.reserve(key);
    if (wait > 0) await this.options.sleep(wait);
  }

  /** The milliseconds until the reserved send; 0 when it may go now. */
  private reserve(key: string): number {
    const { limit, windowMs, now } = this.options;
    const current = now();
    const sends = this.sends.get(key) ?? [];
    // The send `limit` places back must be a window old before another may go.
    const blocking = sends.length >= limit ? (sends.at(-limit) ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
    const at = Math.max(current, blocking + windowMs);
    sends.push(at);
    while (sends.length > limit) sends.shift();
    this.sends.set(key, sends);
    return at - current;
  }
}
