import { okAsync, ResultAsync } from 'neverthrow';
import { userBroker } from '../brokers/user-broker.js';
import type { AppError } from '../errors/app-error.js';
import type { Broker, BrokerOrder, OrderStatus } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import { brokerReadError } from '../positions/mark-positions.js';
import { settleOrder } from '../positions/settle-working.js';
import type { Services } from '../services.js';
import { recordOrder } from '../positions/record-order.js';
import { secondStep } from '../positions/proposal-orders.js';
import { expiresAt, isExpired, isSubmitUnderway, SUBMIT_GRACE_MS } from '../lifecycle/proposal-timing.js';
import { record } from './record.js';

/** What reconciling one consumed proposal with the broker came to. */
export type Reconciliation =
  /** Nothing to do: not consumed, already final, or not the broker's to judge. */
  | { readonly result: 'unchanged' }
  /** The broker holds its order (the newest step's): recorded on the position and the proposal as confirm would have. */
  | { readonly result: 'at_broker'; readonly orderId: string; readonly orderStatus: OrderStatus }
  /** The broker has no order for it: recorded as never placed, or its position settled as if the order ended unfilled. */
  | { readonly result: 'not_at_broker'; readonly detail: string }
  /** Its submit may still be under way, or a confirm may still send it: ask again at `at` (epoch ms). */
  | { readonly result: 'later'; readonly at: number };

/** The outcome a late confirm records for an order that never reached the broker (see confirm_proposal). */
export const NEVER_SENT = 'expired before its order reached the broker';

const UNCHANGED: Reconciliation = { result: 'unchanged' };

/**
 * Brings a consumed proposal and the managed position it acts on up to date with the broker, for a confirm
 * that may have died anywhere between consuming it and recording the broker's answer (a kill -9, a lost
 * instance). The order is looked up by its client order id (the proposal id; step 2 of a two-step roll by
 * its own): found, it is recorded as its confirm would have (a fill opens or closes the position, a working
 * order keeps it 'opening' or 'closing'). Not found, a proposal whose order was never acknowledged is
 * recorded as not placed once its 60 s are over (until then a confirm may still send it, design §5), and one
 * whose order the broker acknowledged but no longer knows (a broker that lost its records) has its
 * position settled as if the order ended unfilled: an entry closed, an exit or roll back to what it was.
 * Never places, resubmits or cancels anything. Within the submit grace of a consume without an outcome it
 * answers 'later': the consuming confirm may still be on its way.
 */
export function reconcileProposal(ownerId: string, proposalId: string, services: Services): ResultAsync<Reconciliation, AppError> {
  return ResultAsync.fromSafePromise(services.proposals.get(ownerId, proposalId)).andThen((proposal) => {
    if (proposal === undefined || proposal.consumedAt === null || proposal.outcome?.status === 'rejected' || proposal.outcome?.status === 'void') return okAsync(UNCHANGED);
    if (proposal.outcome === null && isSubmitUnderway(proposal.consumedAt, services.clock.now())) {
      return okAsync<Reconciliation>({ result: 'later', at: proposal.consumedAt + SUBMIT_GRACE_MS });
    }
    return userBroker(ownerId, services).andThen(({ broker }) =>
      broker
        .orderByClientId(proposal.id)
        .mapErr(brokerReadError)
        .andThen((order) => (order === null ? ResultAsync.fromSafePromise(absent(proposal, services)) : found(proposal, order, broker, services))),
    );
  });
}

/** Records the order the broker holds; a two-step roll's step 2 is looked up (never placed) once step 1 has filled. */
function found(proposal: Proposal, order: BrokerOrder, broker: Broker, services: Services): ResultAsync<Reconciliation, AppError> {
  const atBroker = (latest: BrokerOrder): Reconciliation => ({ result: 'at_broker', orderId: latest.id, orderStatus: latest.status });
  const recorded = record(proposal, order, services);
  const step = secondStep(proposal);
  if (step === null || order.status !== 'filled') return recorded.map(() => atBroker(order));
  return recorded
    .andThen(() => broker.orderByClientId(step.clientOrderId).mapErr(brokerReadError))
    .andThen((second) =>
      second === null ? okAsync(atBroker(order)) : ResultAsync.fromSafePromise(recordOrder(proposal, second, services)).map(() => atBroker(second)),
    );
}

async function absent(proposal: Proposal, services: Services): Promise<Reconciliation> {
  const now = services.clock.now();
  if (proposal.outcome?.status !== 'submitted') {
    if (!isExpired(proposal.createdAt, now)) return { result: 'later', at: expiresAt(proposal.createdAt) };
    await services.proposals.recordOutcome(proposal.id, { status: 'rejected', detail: NEVER_SENT });
    return { result: 'not_at_broker', detail: NEVER_SENT };
  }
  const orderId = proposal.outcome.orderId;
  const position = await services.positions.get(proposal.ownerId, proposal.positionId);
  if (position === undefined) {
    // Only an entry recorded as submitted before its position was written (an older release's order of writes).
    const detail = `the broker no longer has its order ${orderId}`;
    await services.proposals.recordOutcome(proposal.id, { status: 'rejected', detail });
    return { result: 'not_at_broker', detail };
  }
  if ((position.status !== 'opening' && position.status !== 'closing') || !position.orderIds.includes(orderId)) return UNCHANGED;
  // A working position changes only through this proposal's orders: its newest is step 1 or step 2 of it.
  const newest = position.orderIds.at(-1) ?? orderId;
  const legs = newest === orderId ? proposal.legs : secondStep(proposal)?.legs;
  if (legs === undefined) return UNCHANGED;
  const ended: BrokerOrder = {
    id: newest,
    clientOrderId: proposal.id,
    status: 'canceled',
    qty: proposal.qty,
    filledQty: 0,
    limitPrice: proposal.limitPrice,
    filledAvgPrice: null,
    submittedAt: proposal.consumedAt ?? now,
    legs,
  };
  const settled = settleOrder(position, ended, proposal.kind, now);
  if (settled === position) return UNCHANGED;
  await services.positions.update(settled);
  return { result: 'not_at_broker', detail: `the broker no longer has order ${newest}; position ${position.id} is now ${settled.status}` };
}
