import { isoTime } from '../words/time.js';
import type { OrderLeg } from '../ports/broker.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { LegBook, PlacementRefusal, Proposal, ProposalOutcome } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { bookHolding, heldSince, openingSymbols, placingProposals } from './leg-book.js';

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

/**
 * Why the book no longer allows placing `proposal`, as the clause after "Nothing was placed:" (`placementRefused`) and
 * on a ticket that can no longer be approved. An overlap says whether the holder already held the legs when the
 * proposal was made (`since` before it; one made at the same instant passed its own check) or came to hold them since, so the words say what actually happened.
 */
export function refusalReason(proposal: Proposal, refusal: PlacementRefusal, since: number | null): string {
  if (refusal.kind === 'position_changed') return `position ${refusal.positionId} changed since this ${proposal.kind} was proposed — ${refusal.why}`;
  const holder = 'positionId' in refusal.heldBy ? `position ${refusal.heldBy.positionId}` : `proposal ${refusal.heldBy.proposalId}, approved and being placed`;
  const legs = refusal.legs.join(', ');
  return since !== null && since < proposal.createdAt
    ? `${holder} already held ${legs} when this proposal was made, and this order would open them too`
    : `since this proposal was made, ${holder} came to hold ${legs}, which this order would open too`;
}

/** When the holder of an overlap came to hold its legs (`heldSince`), from `book` when the caller has just read it; null for other refusals. */
export async function holderSince(services: Services, ownerId: string, refusal: PlacementRefusal, book?: LegBook): Promise<number | null> {
  if (refusal.kind !== 'overlapping_legs') return null;
  const position = 'positionId' in refusal.heldBy ? refusal.heldBy.positionId : null;
  const [read, acting] = await Promise.all([book ?? services.proposals.book(ownerId), position === null ? [] : services.proposals.listForPosition(ownerId, position)]);
  return heldSince(refusal, read, acting);
}
