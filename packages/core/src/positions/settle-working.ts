import type { BrokerOrder } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { ProposalKind } from '../ports/proposal-store.js';
import { positionAfter } from './position-after.js';
import { proposalIdOf } from './proposal-orders.js';
import type { Services } from '../services.js';
import { settleEntry } from './settle-entry.js';

/**
 * A position after its newest order reached `order`'s state: an entry settles by `settleEntry`, an exit's
 * or roll's order by `positionAfter` (the rule confirm_proposal records them with). The same object when
 * nothing changed.
 */
export function settleOrder(position: ManagedPosition, order: BrokerOrder, kind: ProposalKind | null, now: number): ManagedPosition {
  if (kind === 'roll' || kind === 'exit') return positionAfter(position, kind, order, now);
  return settleEntry(position, order, now) ?? position;
}

/**
 * Brings 'opening' and 'closing' positions up to date with the broker's orders (`Broker.orders('all')`)
 * and stores what changed; returns every position, changed ones replaced. A newest order that is no
 * proposal of the owner's is left alone, and so is one the broker does not list.
 */
export async function settleWorking(positions: readonly ManagedPosition[], orders: readonly BrokerOrder[], services: Services): Promise<ManagedPosition[]> {
  const byId = new Map(orders.map((order) => [order.id, order]));
  const now = services.clock.now();
  return Promise.all(
    positions.map(async (position) => {
      const order = byId.get(position.orderIds.at(-1) ?? '');
      if ((position.status !== 'opening' && position.status !== 'closing') || order === undefined) return position;
      const kind = position.orderIds.length === 1 ? 'entry' : await kindOf(order, position.ownerId, services);
      if (kind === null) return position;
      const settled = settleOrder(position, order, kind, now);
      if (settled !== position) await services.positions.update(settled);
      return settled;
    }),
  );
}

/** The kind of proposal that placed the order (step 2 of a two-step roll included); null when none of the owner's did. */
async function kindOf(order: BrokerOrder, ownerId: string, services: Services): Promise<ProposalKind | null> {
  const proposalId = proposalIdOf(order.clientOrderId);
  return proposalId === null ? null : ((await services.proposals.get(ownerId, proposalId))?.kind ?? null);
}
