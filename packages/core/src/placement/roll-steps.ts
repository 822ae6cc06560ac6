import { ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { userBroker } from '../brokers/user-broker.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerError, BrokerOrder } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { recordOrder } from '../positions/record-order.js';
import type { OrderStep } from '../positions/proposal-orders.js';
import { submitOnce } from './submit.js';

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
  const failed = (error: BrokerError): AppError => stepError(error, first, proposal);
  return safeTry(async function* () {
    const { broker } = yield* userBroker(proposal.ownerId, services);
    const found = yield* broker.orderByClientId(step.clientOrderId).mapErr(failed);
    const { order, ours } =
      found === null
        ? yield* submitOnce(broker, { clientOrderId: step.clientOrderId, qty: proposal.qty, limitPrice: step.limitPrice, legs: step.legs }).mapErr(failed)
        : { order: found, ours: false };
    yield* ResultAsync.fromSafePromise(recordOrder(proposal, order, services));
    return ok({ latest: order, placedNow: ours, note: bothSteps(first, order) });
  });
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
