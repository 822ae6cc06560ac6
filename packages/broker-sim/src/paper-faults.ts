import type { BrokerError } from '@condor/core';

/**
 * Failures scripted into one paper account, so tests and the demo reach every broker error: a rate
 * limit on the next calls, refused cancels, a submit lost on the way (not placed) or a placed submit
 * whose acknowledgement is lost.
 */
export class PaperFaults {
  /** Every cancel is refused with a broker message while set. */
  refuseCancels = false;
  private limitedCalls = 0;
  private retryAfterSeconds = 0;
  private failSubmit = false;
  private loseAck = false;

  /** The next `calls` broker calls fail with `rate_limited`. */
  rateLimit(calls: number, retryAfterSeconds: number): void {
    this.limitedCalls = Math.max(0, Math.floor(calls));
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The next submit answers `unavailable` without placing the order. */
  failNextSubmit(): void {
    this.failSubmit = true;
  }

  /** The next submit places the order but answers `unavailable` (a timeout). */
  loseNextSubmitAck(): void {
    this.loseAck = true;
  }

  /** The rate-limit error when this call is one of the limited ones (it uses one up). */
  takeRateLimit(): BrokerError | undefined {
    if (this.limitedCalls === 0) return undefined;
    this.limitedCalls--;
    return { kind: 'rate_limited', retryAfterSeconds: this.retryAfterSeconds };
  }

  takeFailedSubmit(): boolean {
    const failed = this.failSubmit;
    this.failSubmit = false;
    return failed;
  }

  takeLostAck(): boolean {
    const lost = this.loseAck;
    this.loseAck = false;
    return lost;
  }
}
