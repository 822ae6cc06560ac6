import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { userBroker } from '../brokers/user-broker.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Broker, BrokerError, BrokerOrder, OrderLeg } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { baseOfClientOrderId, secondOrderClientId } from '../brokers/client-order-ids.js';
import { isUuid } from '../positions/position-id.js';
import { recordOrder } from './record-order.js';

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

/** Where a two-step roll stands after a confirm. */
export interface RollProgress {
  /** The roll's newest order: step 2's once placed, else step 1's. */
  readonly latest: BrokerOrder;
  /** Whether this call placed step 2. */
  readonly placedNow: boolean;
  /** The state of both steps, in words. */
  readonly note: string;
}

/**
 * Step 2 of a two-step roll, given step 1's order as the broker reports it now. Nothing happens until step 1
 * has filled: step 2 filling beside a working step 1 would hold two condors at once. Then step 2's client
 * order id is looked up and the order submitted only when the broker has none; after any failed submit it is
 * looked up again, so neither a lost acknowledgement nor a concurrent confirm places it twice. Both orders
 * are recorded on the managed position.
 */
export function continueRoll(proposal: Proposal, step: OrderStep, first: BrokerOrder, services: Services): ResultAsync<RollProgress, AppError> {
  if (first.status !== 'filled') return okAsync({ latest: first, placedNow: false, note: waiting(first) });
  const record = (order: BrokerOrder): ResultAsync<void, never> => ResultAsync.fromSafePromise(recordOrder(proposal, order, services));
  return userBroker(proposal.ownerId, services).andThen(({ broker }) =>
    broker
      .orderByClientId(step.clientOrderId)
      .mapErr((error) => stepError(error, first, proposal))
      .andThen((found) => {
        if (found !== null) return record(found).map(() => ({ latest: found, placedNow: false, note: bothSteps(first, found) }));
        return ResultAsync.fromSafePromise(
          broker
            .submit({ clientOrderId: step.clientOrderId, qty: proposal.qty, limitPrice: step.limitPrice, legs: step.legs })
            .map((order) => ({ order, placedNow: true }))
            // A refusal may be of a duplicate client order id: a concurrent confirm placed it first.
            .orElse((error) => placedAnyway(broker, step.clientOrderId, error).map((order) => ({ order, placedNow: error.kind !== 'rejected' })))
            .match(
              (placed) => ({ ok: true as const, ...placed }),
              (error) => ({ ok: false as const, error }),
            ),
        ).andThen((outcome) =>
          outcome.ok
            ? record(outcome.order).map(() => ({ latest: outcome.order, placedNow: outcome.placedNow, note: bothSteps(first, outcome.order) }))
            : errAsync(stepError(outcome.error, first, proposal)),
        );
      }),
  );
}

/** After a failed submit: the order the broker holds under this client id, or the original failure. */
function placedAnyway(broker: Broker, clientOrderId: string, failure: BrokerError): ResultAsync<BrokerOrder, BrokerError> {
  return broker
    .orderByClientId(clientOrderId)
    .orElse(() => errAsync(failure))
    .andThen((order) => (order === null ? errAsync(failure) : okAsync(order)));
}

const WORKING = new Set<BrokerOrder['status']>(['accepted', 'partially_filled', 'pending_cancel']);

function waiting(first: BrokerOrder): string {
  return WORKING.has(first.status)
    ? `Step 1 (closing the condor, order ${first.id}) is ${first.status}; step 2 (opening the new condor) is placed only after it has filled: ` +
        'call confirm_proposal again with this proposal_id once it has.'
    : `Step 1 (order ${first.id}) ended ${first.status} without filling, so step 2 was not placed: the condor is unchanged. Propose the roll again to retry.`;
}

const bothSteps = (first: BrokerOrder, second: BrokerOrder): string =>
  `Step 1 (closing the condor) order ${first.id} is filled; step 2 (opening the new condor) order ${second.id} is ${second.status}.`;

function stepError(error: BrokerError, first: BrokerOrder, proposal: Proposal): AppError {
  if (error.kind === 'rejected') {
    return appError('ENTRY_REJECTED', {
      message:
        `Step 1 (order ${first.id}) closed the condor, but the broker rejected step 2 (opening the new condor): ${error.message}. ` +
        `The roll is half done: you hold no ${proposal.ticker} condor from this position; it is closed, not rolled.`,
      suggestion: 'Find a new condor with find_iron_condors and propose it with propose_entry, or stay out of the market.',
      seeTool: 'find_iron_condors',
    });
  }
  const base = brokerError(error, (message) => appError('ENTRY_REJECTED', { message }));
  return {
    ...base,
    message:
      `${base.message ?? ''} Step 1 (order ${first.id}) closed the condor; step 2 (opening the new condor) may or may not have reached the broker. ` +
      'Confirming this proposal again looks step 2 up by its client order id and never places it twice.',
    ...(error.kind === 'auth_failed' ? {} : { suggestion: 'Call confirm_proposal again with the same proposal_id in a moment.' }),
  };
}
