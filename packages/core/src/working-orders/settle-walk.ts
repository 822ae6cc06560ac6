import type { BrokerOrder } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { recordOrder } from '../proposals/record-order.js';
import type { Services } from '../services.js';

/**
 * Settles the position from the order a walk ended on: the position recorded the walk's first order, so that id is
 * swapped for the settling order's (a later step's, or the first itself) and the order is recorded as a confirm
 * records one (`recordOrder`): filled, the filled part of a partial fill, or ended unfilled. A repeat changes nothing.
 */
export async function settleWalk(proposal: Proposal, walk: WorkingOrder, settledBy: BrokerOrder | null, services: Services): Promise<void> {
  if (settledBy === null) return;
  const firstId = walk.steps[0]?.orderId ?? null;
  const position = await services.positions.get(proposal.ownerId, proposal.positionId);
  if (position !== undefined && firstId !== null && firstId !== settledBy.id && position.orderIds.includes(firstId) && !position.orderIds.includes(settledBy.id)) {
    await services.positions.update({ ...position, orderIds: position.orderIds.map((id) => (id === firstId ? settledBy.id : id)) });
  }
  await recordOrder(proposal, settledBy, services);
}
