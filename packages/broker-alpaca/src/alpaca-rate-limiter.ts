import { RequestBudget } from '@condor/core';

/**
 * Alpaca's budget of requests per key pair: at most `requestsPerMinute` sends in any 60-second window (Alpaca allows
 * 200 a minute per account), queued rather than refused.
 * @example
 * const limiter = new AlpacaRateLimiter({ requestsPerMinute: 190, now: Date.now, sleep });
 * await limiter.take(credentials.apiKey); // returns at once, or after the wait that keeps the budget
 */
export class AlpacaRateLimiter extends RequestBudget {
  constructor(options: { readonly requestsPerMinute: number; readonly now: () => number; readonly sleep: (ms: number) => Promise<void> }) {
    if (!Number.isInteger(options.requestsPerMinute) || options.requestsPerMinute < 1) {
      throw new RangeError(`requestsPerMinute must be a positive whole number, not ${options.requestsPerMinute}`);
    }
    super({ limit: options.requestsPerMinute, windowMs: 60_000, now: options.now, sleep: options.sleep });
  }
}
