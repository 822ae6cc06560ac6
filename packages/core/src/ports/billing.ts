import type { Plan } from './subscription-store.js';

/** Takes payment for a plan. */
export interface Billing {
  /** Short name stored on the subscription, e.g. 'instant'. */
  readonly provider: string;
  /** What users are told about how they are billed (shown by get_subscription). */
  readonly description: string;
  /** Activates the plan; false when payment was refused. */
  activate(userId: string, plan: Plan): Promise<boolean>;
  /** Stops future charges for the plan. */
  cancel(userId: string, plan: Plan): Promise<void>;
}
