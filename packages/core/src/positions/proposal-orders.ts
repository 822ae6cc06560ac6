import * as v from 'valibot';
import { baseOfClientOrderId, secondOrderClientId } from '../brokers/client-order-ids.js';
import type { OrderLeg } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import { isUuid } from './position-id.js';

/** Step 2's client order id: step 1 carries the proposal id itself, like every other proposal's order. */
export const secondStepClientId = secondOrderClientId;

/**
 * The proposal an order was placed for, from its client order id (the proposal id, a working order's step, or step
 * 2's id); null for an order the service did not place under a proposal id.
 */
export function proposalIdOf(clientOrderId: string): string | null {
  const id = baseOfClientOrderId(clientOrderId);
  return isUuid(id) ? id : null;
}

/** An order a proposal places after its first. */
export interface OrderStep {
  readonly clientOrderId: string;
  readonly legs: readonly OrderLeg[];
  /** Per share, broker sign. */
  readonly limitPrice: number;
}

const StepDetails = v.object({
  legs: v.pipe(
    v.array(v.object({ symbol: v.string(), side: v.picklist(['buy', 'sell']), intent: v.picklist(['buy_to_open', 'buy_to_close', 'sell_to_open', 'sell_to_close']) })),
    v.minLength(1),
  ),
  limit_price: v.number(),
});

/** Step 2 of a two-step roll as its proposal recorded it (`details.steps[1]`); null for a proposal of one order. */
export function secondStep(proposal: Proposal): OrderStep | null {
  const steps = proposal.details['steps'];
  if (proposal.kind !== 'roll' || !Array.isArray(steps) || steps.length !== 2) return null;
  const parsed = v.safeParse(StepDetails, steps[1]);
  return parsed.success ? { clientOrderId: secondStepClientId(proposal.id), legs: parsed.output.legs, limitPrice: parsed.output.limit_price } : null;
}
