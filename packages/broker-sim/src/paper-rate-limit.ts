import type { BrokerError } from '@condor/core';

const MINUTE_MS = 60_000;

/**
 * The broker's own request limit per account, like Alpaca's 200 requests a minute: counted per clock
 * minute; the call over the limit fails with `rate_limited` until the minute ends.
 */
export class PaperRateLimit {
  private minute = Number.NaN;
  private used = 0;

  constructor(private readonly perMinute: number) {}

  /** Counts a call made at `now`, or answers the rate-limit error when the minute's calls are used up. */
  take(now: number): BrokerError | undefined {
    const minute = Math.floor(now / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.used = 0;
    }
    if (this.used >= this.perMinute) {
      return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000)) };
    }
    this.used++;
    return undefined;
  }
}
