import type { Billing } from '@condor/core';

/**
 * The default Billing: activates a plan at once and takes no payment — for self-hosting and tests.
 * Users see its description in get_subscription, so nobody mistakes it for a paid plan.
 */
export class InstantBilling implements Billing {
  readonly provider = 'instant';
  readonly description =
    'Instant activation (self-hosted): plans start immediately and no payment is taken on this deployment.';
  activate(): Promise<boolean> {
    return Promise.resolve(true);
  }
  cancel(): Promise<void> {
    return Promise.resolve();
  }
}
