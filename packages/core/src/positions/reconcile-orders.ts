import type { BrokerOrder } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import { recordOrder, recordPlaced } from './record-order.js';
import { proposalIdOf } from './proposal-orders.js';
import type { Services } from '../services.js';
import { settleWorking } from './settle-working.js';

/**
 * The owner's managed positions (closed ones too, newest first) brought up to date with the broker's
 * orders (`Broker.orders('all')`). First, an order of one of the owner's consumed proposals that no position
 * records — its confirm died between the broker's answer and the database — is recorded as that confirm
 * would have (an entry's position written, an exit or roll applied, the proposal's outcome set); then
 * 'opening' and 'closing' positions settle from their newest order. Places and cancels nothing; an order the
 * broker does not list is left to `reconcileProposal`, which can ask for it by client order id.
 */
export async function reconcileOrders(ownerId: string, orders: readonly BrokerOrder[], services: Services): Promise<ManagedPosition[]> {
  const before = await services.positions.list(ownerId, false);
  const recorded = new Set(before.flatMap((position) => position.orderIds));
  let changed = false;
  // Oldest first, so an entry is written before an exit or roll of the same position.
  for (const order of orders.toReversed()) {
    const proposalId = recorded.has(order.id) ? null : proposalIdOf(order.clientOrderId);
    if (proposalId === null) continue;
    const proposal = await services.proposals.get(ownerId, proposalId);
    if (proposal?.consumedAt == null || replacedAfterItsRecord(order, proposal)) continue;
    if (order.clientOrderId === proposal.id) await recordPlaced(proposal, order, services);
    else await recordOrder(proposal, order, services);
    changed = true;
  }
  return settleWorking(changed ? await services.positions.list(ownerId, false) : before, orders, services);
}

/**
 * A replaced order filled nothing and was followed by another: once its proposal's placement is recorded, it has
 * nothing to add. A walk's earlier steps end so, and recording one after the walk settled would set a closed
 * position working again.
 */
const replacedAfterItsRecord = (order: BrokerOrder, proposal: Proposal): boolean => order.status === 'replaced' && order.filledQty === 0 && proposal.outcome?.status === 'submitted';
