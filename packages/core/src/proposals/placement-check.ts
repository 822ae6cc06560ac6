import { isoTime } from '../words/time.js';
import type { OrderLeg } from '../ports/broker.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { LegBook, PlacementRefusal, Proposal, ProposalOutcome } from '../ports/proposal-store.js';
import { secondStep } from './roll-steps.js';

const opens = (leg: OrderLeg): boolean => leg.intent === 'buy_to_open' || leg.intent === 'sell_to_open';
const closes = (leg: OrderLeg): boolean => !opens(leg);

/** The contracts a proposal's orders open: its own legs' and, for a two-step roll, step 2's. */
export const openingSymbols = (proposal: Proposal): string[] =>
  [...proposal.legs, ...(secondStep(proposal)?.legs ?? [])].filter(opens).map((leg) => leg.symbol);

/** The leg a closing order leg closes: buying to close closes a short leg, selling to close a long one. */
const closedSide = (leg: OrderLeg): PositionLeg['side'] => (leg.side === 'buy' ? 'short' : 'long');

/**
 * Whether an approved, consumed proposal's orders may still change the book: its outcome is not known yet (none,
 * or the broker did not answer), or it is a two-step roll whose step 2 has not been recorded on its position (the
 * position is not 'open' again, and not closed with a later order than step 1 on it). An order that was recorded
 * is on its position, which the book reads itself.
 */
export function stillPlacing(proposal: Proposal, position: ManagedPosition | undefined): boolean {
  if (proposal.consumedAt === null || proposal.approval === null) return false;
  const outcome = proposal.outcome;
  if (outcome === null || outcome.status === 'unknown') return true;
  if (outcome.status !== 'submitted' || secondStep(proposal) === null || position === undefined) return false;
  if (position.status === 'open') return false;
  return !(position.status === 'closed' && position.orderIds.at(-1) !== outcome.orderId);
}

/**
 * Whether the book still allows placing `proposal` (design §5, issue 33), checked in the step that consumes it:
 * - an exit or roll acts on a position that is open, that no other approved exit or roll is placing, and that
 *   holds exactly the legs it closes, in the proposal's quantity;
 * - no contract it opens is held by a position that is not closed, or opened by a proposal still placing.
 * Null when it may be placed; else what changed.
 */
export function placementRefusal(proposal: Proposal, book: LegBook): PlacementRefusal | null {
  const positionOf = (id: string): ManagedPosition | undefined => book.positions.find((p) => p.id === id);
  const placing = book.placing.filter((other) => other.id !== proposal.id && stillPlacing(other, positionOf(other.positionId)));
  const target = proposal.kind === 'entry' ? undefined : positionOf(proposal.positionId);
  if (proposal.kind !== 'entry') {
    const changed = positionChange(proposal, target, placing);
    if (changed !== null) return changed;
  }
  const closing = new Set(proposal.legs.filter(closes).map((leg) => leg.symbol));
  const opening = openingSymbols(proposal);
  for (const position of book.positions) {
    if (position.status === 'closed') continue;
    const held = position.legs.filter((leg) => !(position.id === target?.id && closing.has(leg.symbol))).map((leg) => leg.symbol);
    const shared = opening.filter((symbol) => held.includes(symbol));
    if (shared.length > 0) return { kind: 'overlapping_legs', legs: shared, heldBy: { positionId: position.id } };
  }
  for (const other of placing) {
    const shared = opening.filter((symbol) => openingSymbols(other).includes(symbol));
    if (shared.length > 0) return { kind: 'overlapping_legs', legs: shared, heldBy: { proposalId: other.id } };
  }
  return null;
}

function positionChange(proposal: Proposal, position: ManagedPosition | undefined, placing: readonly Proposal[]): PlacementRefusal | null {
  const changed = (why: string, found: Record<string, string | number>): PlacementRefusal => ({ kind: 'position_changed', positionId: proposal.positionId, why, found });
  if (position === undefined || position.status === 'closed') return changed('it is closed', { status: 'closed' });
  if (position.status !== 'open') {
    return changed(position.status === 'closing' ? 'an order closing it is working' : 'an order opening or rolling it is working', { status: position.status });
  }
  const rival = placing.find((other) => other.kind !== 'entry' && other.positionId === position.id);
  if (rival !== undefined) return changed(`another ${rival.kind} of it (proposal ${rival.id}) was approved and is being placed`, { proposal_id: rival.id });
  const missing = proposal.legs
    .filter(closes)
    .filter((leg) => !position.legs.some((held) => held.symbol === leg.symbol && held.side === closedSide(leg)))
    .map((leg) => leg.symbol);
  if (missing.length > 0) return changed(`it no longer holds ${missing.join(', ')}`, { legs: missing.join(', ') });
  if (position.qty !== proposal.qty) {
    return changed(`it holds ${String(position.qty)} contracts and the proposal is for ${String(proposal.qty)}`, { qty: position.qty });
  }
  return null;
}

/** The outcome of an exit or roll voided because `winner`, another of its position's, was approved at `at`. */
export const voidOutcome = (winner: Proposal, at: number): ProposalOutcome => ({
  status: 'void',
  detail: `another ${winner.kind} of position ${winner.positionId} (proposal ${winner.id}) was approved at ${isoTime(at)}, so this one would act on legs that are changing`,
});

/** Whether `other` is voided when `winner` (an exit or roll) is consumed for placement: its position's other open exits and rolls. */
export const voidedBy = (winner: Proposal, other: Proposal): boolean =>
  winner.kind !== 'entry' && other.kind !== 'entry' && other.id !== winner.id && other.positionId === winner.positionId && other.consumedAt === null;
