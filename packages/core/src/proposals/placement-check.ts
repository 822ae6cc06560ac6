import { isoTime } from '../words/time.js';
import type { OrderLeg } from '../ports/broker.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { LegBook, PlacementRefusal, Proposal, ProposalOutcome } from '../ports/proposal-store.js';
import { bookHolding, openingSymbols, placingProposals } from './leg-book.js';

const closes = (leg: OrderLeg): boolean => leg.intent === 'buy_to_close' || leg.intent === 'sell_to_close';

/** The leg a closing order leg closes: buying to close closes a short leg, selling to close a long one. */
const closedSide = (leg: OrderLeg): PositionLeg['side'] => (leg.side === 'buy' ? 'short' : 'long');

/**
 * Whether the book still allows placing `proposal` (design §5, issue 33), checked in the step that consumes it:
 * - an exit or roll acts on a position that is open, that no other approved exit or roll is placing, and that
 *   holds exactly the legs it closes, in the proposal's quantity;
 * - no contract it opens is held by a position that is not closed, or opened by a proposal still placing.
 * Null when it may be placed; else what changed.
 */
export function placementRefusal(proposal: Proposal, book: LegBook): PlacementRefusal | null {
  const target = proposal.kind === 'entry' ? undefined : book.positions.find((p) => p.id === proposal.positionId);
  if (proposal.kind !== 'entry') {
    const changed = positionChange(proposal, target, placingProposals(book, proposal.id));
    if (changed !== null) return changed;
  }
  const closing = new Set(proposal.legs.filter(closes).map((leg) => leg.symbol));
  const acting = target === undefined ? null : { positionId: target.id, closing };
  const holding = bookHolding(book, openingSymbols(proposal), acting, proposal.id);
  return holding === null ? null : { kind: 'overlapping_legs', ...holding };
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
