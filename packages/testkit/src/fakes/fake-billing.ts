import type { Billing, Plan } from '@condor/core';

/** One call the fake received. */
export interface BillingCall {
  readonly method: 'activate' | 'cancel';
  readonly userId: string;
  readonly plan: Plan;
}

/** Billing that activates at once (provider 'instant') unless `refuse` is set; records every call. */
export class FakeBilling implements Billing {
  readonly provider = 'instant';
  readonly description = 'Instant activation (test billing): plans start immediately and no payment is taken.';
  readonly calls: BillingCall[] = [];

  constructor(public refuse = false) {}

  activate(userId: string, plan: Plan): Promise<boolean> {
    this.calls.push({ method: 'activate', userId, plan });
    return Promise.resolve(!this.refuse);
  }

  cancel(userId: string, plan: Plan): Promise<void> {
    this.calls.push({ method: 'cancel', userId, plan });
    return Promise.resolve();
  }
}
