import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Broker, BrokerError, BrokerOrder, MultiLegOrder } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { proposeTool } from './placement-refused.js';

/** An order the broker holds after a submit; `ours` when this call placed it, not a concurrent one under its client order id. */
export interface Submitted {
  readonly order: BrokerOrder;
  readonly ours: boolean;
}

/**
 * Sends `order` once: after a failed submit the broker is asked for its client order id before anything else, so
 * neither a lost acknowledgement nor a concurrent confirm places it twice.
 */
export function submitOnce(broker: Broker, order: MultiLegOrder): ResultAsync<Submitted, BrokerError> {
  return (
    broker
      .submit(order)
      .map((placed) => ({ order: placed, ours: true }))
      // A refusal can be the broker's duplicate-id answer to a concurrent retry that placed it: then it is not ours.
      .orElse((error) => lookUp(broker, order.clientOrderId, error).map((found) => ({ order: found, ours: error.kind !== 'rejected' })))
  );
}

/** The submit step: the proposal's own order, under its id; a failure the broker confirms is recorded as the proposal's outcome. */
export function submit(proposal: Proposal, broker: Broker, services: Services): ResultAsync<Submitted, AppError> {
  return submitOnce(broker, { clientOrderId: proposal.id, qty: proposal.qty, limitPrice: proposal.limitPrice, legs: proposal.legs }).orElse((error) =>
    failed(proposal, error, services),
  );
}

/** After a failed submit: the order the broker did place under this client id, or the original failure. */
function lookUp(broker: Broker, clientOrderId: string, failure: BrokerError): ResultAsync<BrokerOrder, BrokerError> {
  return broker
    .orderByClientId(clientOrderId)
    .orElse(() => errAsync(failure))
    .andThen((order) => (order === null ? errAsync(failure) : okAsync(order)));
}

function failed(proposal: Proposal, error: BrokerError, services: Services): ResultAsync<never, AppError> {
  const outcome =
    error.kind === 'rejected' ? ({ status: 'rejected', detail: error.message } as const) : ({ status: 'unknown', detail: error.kind } as const);
  return ResultAsync.fromSafePromise(services.proposals.recordOutcome(proposal.id, outcome)).andThen(() =>
    errAsync(
      error.kind === 'rejected'
        ? appError('ENTRY_REJECTED', {
            message: `The broker rejected the order: ${error.message}. Nothing was placed; make a new proposal.`,
            seeTool: proposeTool(proposal),
          })
        : withReconcileHint(brokerError(error, (message) => appError('ENTRY_REJECTED', { message }))),
    ),
  );
}

const withReconcileHint = (error: AppError): AppError => ({
  ...error,
  message: `${error.message ?? ''} The order may or may not have reached the broker; confirming this proposal again looks it up and never places it twice.`.trim(),
  suggestion: 'Call confirm_proposal again with the same proposal_id in a moment.',
});
