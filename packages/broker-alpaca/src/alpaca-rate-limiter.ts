/**
 * A client-side budget of requests per key pair: at most `requestsPerMinute` sends in any 60-second
 * window. A caller over budget is given a later send time and waits for it (`sleep`) instead of earning
 * a 429. Send times are reserved when asked, so concurrent callers queue in order without polling.
 * A sliding window rather than a refilling bucket: a full bucket plus a minute's refill would allow
 * twice the budget in the first minute, which Alpaca's per-minute limit would refuse.
 * @example
 * const limiter = new AlpacaRateLimiter({ requestsPerMinute: 190, now: Date.now, sleep });
 * await limiter.take(credentials.apiKey); // returns at once, or after the wait that keeps the budget
 */
export class AlpacaRateLimiter {
  private readonly sends = new Map<string, number[]>();

  constructor(
    private readonly options: {
      readonly requestsPerMinute: number;
      /** Epoch milliseconds. */
      readonly now: () => number;
      readonly sleep: (ms: number) => Promise<void>;
    },
  ) {
    if (!Number.isInteger(options.requestsPerMinute) || options.requestsPerMinute < 1) {
      throw new RangeError(`requestsPerMinute must be a positive whole number, not ${options.requestsPerMinute}`);
    }
  }

  /** Reserves the next send for `key` (an API key id) and waits until it is due. */
  async take(key: string): Promise<void> {
    const wait = this.reserve(key);
    if (wait > 0) await this.options.sleep(wait);
  }

  /** The milliseconds until the reserved send; 0 when it may go now. */
  private reserve(key: string): number {
    const { requestsPerMinute: budget, now } = this.options;
    const current = now();
    const sends = this.sends.get(key) ?? [];
    // The send `budget` places back must be a minute old before another may go.
    const blocking = sends.length >= budget ? (sends.at(-budget) ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
    const at = Math.max(current, blocking + WINDOW_MS);
    sends.push(at);
    while (sends.length > budget) sends.shift();
    this.sends.set(key, sends);
    return at - current;
  }
}

const WINDOW_MS = 60_000;
