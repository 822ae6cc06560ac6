import type { BrokerOrder } from '../ports/broker.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { settleEntry } from './settle-entry.js';
import { positionAfter } from './position-after.js';

/**
 * Records an order the broker holds under the proposal's own id (step 1 of a two-step roll) as its confirm
 * does: on the managed position (`recordOrder`) first, then as the proposal's outcome, so a proposal recorded
 * as submitted always has its position. A repeat changes nothing.
 */
export async function recordPlaced(proposal: Proposal, order: BrokerOrder, services: Services): Promise<void> {
  await recordOrder(proposal, order, services);
  const outcome = proposal.outcome;
  if (outcome?.status === 'submitted' && outcome.orderId === order.id) return;
  await services.proposals.recordOutcome(proposal.id, { status: 'submitted', orderId: order.id });
}

/**
 * Keeps the service's own record of the condor an entry order opens (the broker keeps no grouping of
 * legs), once: a later call for the same proposal only settles the position from the order as reported
 * now (`settleEntry`). An exit's or a roll's order updates the position it acts on (`positionAfter`): a repeat
 * with the order unchanged changes nothing, a later report of it filled or ended settles the position.
 */
export async function recordOrder(proposal: Proposal, order: BrokerOrder, services: Services): Promise<void> {
  if (proposal.kind !== 'entry') {
    const position = await services.positions.get(proposal.ownerId, proposal.positionId);
    if (position === undefined) return;
    const next = positionAfter(position, proposal.kind, order, services.clock.now());
    if (next !== position) await services.positions.update(next);
    return;
  }
  const existing = await services.positions.get(proposal.ownerId, proposal.positionId);
  if (existing !== undefined) {
    const settled = settleEntry(existing, order, services.clock.now());
    if (settled !== null) await services.positions.update(settled);
    return;
  }
  const details = proposal.details;
  const expiry = typeof details['expiry'] === 'string' ? details['expiry'] : '';
  const strikes = (details['strikes'] ?? {}) as Record<string, number>;
  const legOf = (index: number, type: 'put' | 'call', strikeKey: string): PositionLeg => ({
    symbol: proposal.legs[index]?.symbol ?? '',
    type,
    strike: strikes[strikeKey] ?? 0,
    expiry,
    side: proposal.legs[index]?.side === 'sell' ? 'short' : 'long',
  });
  const position: ManagedPosition = {
    id: proposal.positionId,
    ownerId: proposal.ownerId,
    ticker: proposal.ticker,
    expiry,
    legs: [legOf(0, 'put', 'long_put'), legOf(1, 'put', 'short_put'), legOf(2, 'call', 'short_call'), legOf(3, 'call', 'long_call')],
    qty: proposal.qty,
    entryCredit: -(order.filledAvgPrice ?? proposal.limitPrice),
    status: order.status === 'filled' ? 'open' : 'opening',
    openedAt: services.clock.now(),
    closedAt: null,
    orderIds: [order.id],
  };
  try {
    await services.positions.insert(position);
  } catch (error) {
    // A concurrent reconciliation of the same proposal inserted it first.
    if ((await services.positions.get(proposal.ownerId, proposal.positionId)) === undefined) throw error;
  }
}
