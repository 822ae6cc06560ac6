import { ResultAsync } from 'neverthrow';
import type { BrokerOrder } from '../ports/broker.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { recordOrder, recordPlaced } from '../positions/record-order.js';
import type { Services } from '../services.js';

/**
 * The record step of a placement: the order placed or found under the proposal's id, on its managed position and
 * then as the proposal's outcome (`recordPlaced`). A repeat changes nothing.
 */
export const record = (proposal: Proposal, order: BrokerOrder, services: Services): ResultAsync<void, never> =>
  ResultAsync.fromSafePromise(recordPlaced(proposal, order, services));

/**
 * Settles the position from the order a walk ended on, as a confirm records one (`recordOrder`): filled, the filled
 * part of a partial fill, or ended unfilled. The position must hold the settling order as its newest first: an
 * entry's position, which recorded only the walk's first order, has that id swapped for the settling order's (a
 * later step's, or the first itself); an exit's gets it appended after the steps it recorded, which stay on it, so
 * that no step is ever found unrecorded and reconciled after the close. A repeat changes nothing. The walker's record
 * step: the proposal's outcome stays its first order.
 */
export async function recordSettled(proposal: Proposal, walk: WorkingOrder, settledBy: BrokerOrder, services: Services): Promise<void> {
  const firstId = walk.steps[0]?.orderId ?? null;
  const position = await services.positions.get(proposal.ownerId, proposal.positionId);
  if (position !== undefined && firstId !== null && firstId !== settledBy.id && position.orderIds.includes(firstId) && !position.orderIds.includes(settledBy.id)) {
    const orderIds = proposal.kind === 'entry' ? position.orderIds.map((id) => (id === firstId ? settledBy.id : id)) : [...position.orderIds, settledBy.id];
    await services.positions.update({ ...position, orderIds });
  }
  await recordOrder(proposal, settledBy, services);
}
