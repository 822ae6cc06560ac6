import type { OrderLeg } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { LegBook, Proposal } from '../ports/proposal-store.js';
import { secondStep } from './proposal-orders.js';

const opens = (leg: OrderLeg): boolean => leg.intent === 'buy_to_open' || leg.intent === 'sell_to_open';

/** The contracts a proposal's orders open: its own legs' and, for a two-step roll, step 2's. */
export const openingSymbols = (proposal: Proposal): string[] =>
  [...proposal.legs, ...(secondStep(proposal)?.legs ?? [])].filter(opens).map((leg) => leg.symbol);

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

/** Who in the book holds, or is about to hold, some of the contracts asked about, and which. */
export interface BookHolding {
  readonly legs: readonly string[];
  readonly heldBy: { readonly positionId: string } | { readonly proposalId: string };
}

/** An exit or roll asking about the book: the position it acts on, whose legs it closes count as no longer held. */
export interface ActingOn {
  readonly positionId: string;
  readonly closing: ReadonlySet<string>;
}

/**
 * Which of `opening` the person's book holds or is about to hold (issue 42: one answer for proposing, for the
 * placement's re-check and for the desk): a position that is not closed holds its legs (less those `acting` closes
 * on its own position), and an approved proposal still placing (`stillPlacing`; not `except`) is about to hold the
 * contracts it opens. The first holder found, positions before proposals; null when none of `opening` is held.
 */
export function bookHolding(book: LegBook, opening: readonly string[], acting: ActingOn | null = null, except: string | null = null): BookHolding | null {
  for (const position of book.positions) {
    if (position.status === 'closed') continue;
    const held = position.legs.filter((leg) => !(position.id === acting?.positionId && acting.closing.has(leg.symbol))).map((leg) => leg.symbol);
    const shared = opening.filter((symbol) => held.includes(symbol));
    if (shared.length > 0) return { legs: shared, heldBy: { positionId: position.id } };
  }
  for (const other of placingProposals(book, except)) {
    const theirs = openingSymbols(other);
    const shared = opening.filter((symbol) => theirs.includes(symbol));
    if (shared.length > 0) return { legs: shared, heldBy: { proposalId: other.id } };
  }
  return null;
}

/** The book's approved proposals whose orders may still change it, but `except`. */
export function placingProposals(book: LegBook, except: string | null): Proposal[] {
  const positionOf = (id: string): ManagedPosition | undefined => book.positions.find((p) => p.id === id);
  return book.placing.filter((other) => other.id !== except && stillPlacing(other, positionOf(other.positionId)));
}

/**
 * When the holder came to hold `legs`: the placement of the proposal that opened them on the position (its entry or
 * a roll; the position's opening when none is found), or the approval of a proposal still placing.
 */
export function heldSince(holding: BookHolding, book: LegBook, positionProposals: readonly Proposal[]): number | null {
  if ('proposalId' in holding.heldBy) {
    const { proposalId } = holding.heldBy;
    return book.placing.find((p) => p.id === proposalId)?.consumedAt ?? null;
  }
  const { positionId } = holding.heldBy;
  const opener = positionProposals
    .filter((p) => p.positionId === positionId && p.consumedAt !== null && openingSymbols(p).some((symbol) => holding.legs.includes(symbol)))
    .reduce<Proposal | null>((latest, p) => ((p.consumedAt ?? 0) > (latest?.consumedAt ?? -1) ? p : latest), null);
  return opener?.consumedAt ?? book.positions.find((p) => p.id === positionId)?.openedAt ?? null;
}
