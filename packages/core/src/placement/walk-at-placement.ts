import { ResultAsync } from 'neverthrow';
import type { BrokerOrder } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import type { Services } from '../services.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { decideWalk, type WalkAction } from '../working-orders/walk-decision.js';

/** How soon after placement the walker first reads the order back. */
const FIRST_LOOK_MS = 1_000;

/** The walk of a placed proposal whose band has more than one price; null for an order placed at one price. */
export function walkOf(proposal: Proposal, now: number): WorkingOrder | null {
  const plan = pricingOf(proposal);
  if (plan === null || plan.steps.length < 2) return null;
  return {
    proposalId: proposal.id,
    ownerId: proposal.ownerId,
    positionId: proposal.positionId,
    plan,
    qty: proposal.qty,
    steps: [{ at: now, limitPrice: proposal.limitPrice, clientOrderId: proposal.id, orderId: null, state: 'requested' }],
    status: 'working',
    filledQty: 0,
    nextAt: now + FIRST_LOOK_MS,
    startedAt: now,
    endedAt: null,
    detail: null,
    cancelRequested: false,
  };
}

/**
 * Stores the walk of a proposal consumed for placement, before its order is sent (design §15): if the process dies
 * after the broker took the order, the walker still finds it by the proposal id and works it from its first price.
 */
export function startWalk(proposal: Proposal, services: Services): ResultAsync<void, never> {
  const walk = walkOf(proposal, services.clock.now());
  return ResultAsync.fromSafePromise(walk === null ? Promise.resolve() : services.workingOrders.start(walk));
}

/** How a walk finished, as `decideWalk` says. */
export type WalkFinish = Extract<WalkAction, { kind: 'finish' }>;

/** A walk as it ends at `now`: how the placement and the walker both end one. */
export const endedWalk = (walk: WorkingOrder, finish: WalkFinish, now: number): WorkingOrder => ({
  ...walk,
  status: finish.status,
  filledQty: finish.filledQty,
  detail: finish.detail,
  endedAt: now,
  nextAt: now,
});

/**
 * Ends the walk of an order that filled or ended the moment it was placed, so no view shows it working until a
 * walker's first look; an order still working is left to the walker.
 */
export const endWalkAtPlacement = (proposal: Proposal, order: BrokerOrder, services: Services): ResultAsync<void, never> =>
  ResultAsync.fromSafePromise(endIfFinished(proposal, order, services));

async function endIfFinished(proposal: Proposal, order: BrokerOrder, services: Services): Promise<void> {
  const walk = await services.workingOrders.get(proposal.ownerId, proposal.id);
  const first = walk?.steps[0];
  if (walk?.status !== 'working' || walk.steps.length !== 1 || first === undefined) return;
  const now = services.clock.now();
  const standing = { ...walk, steps: [{ ...first, orderId: order.id, state: 'standing' as const }] };
  const action = decideWalk(standing, [order], now);
  if (action.kind !== 'finish') return;
  await services.workingOrders.finishUnclaimed(endedWalk(standing, action, now), now);
}
