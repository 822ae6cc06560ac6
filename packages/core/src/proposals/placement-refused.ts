import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { heldSince } from './leg-book.js';
import type { ToolName } from '../operations/tool-names.js';
import { isoTime } from '../words/time.js';
import type { LegBook, PlacementRefusal, Proposal, ProposalKind } from '../ports/proposal-store.js';

const PROPOSE_TOOL: Record<ProposalKind, ToolName> = { entry: 'propose_entry', roll: 'propose_roll', exit: 'propose_exit' };

/** The tool that makes a new proposal of this one's kind. */
export const proposeTool = (proposal: Proposal): ToolName => PROPOSE_TOOL[proposal.kind];

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

/** The contract's answer to a placement the book no longer allows (`placementRefusal`): nothing was placed. */
export function placementRefused(proposal: Proposal, refusal: PlacementRefusal, since: number | null): AppError {
  const message = `Nothing was placed: ${refusalReason(proposal, refusal, since)}.`;
  if (refusal.kind === 'overlapping_legs') {
    return appError('OVERLAPPING_LEGS', {
      message,
      received: { proposal_id: proposal.id, legs: refusal.legs, ...refusal.heldBy, ...(since === null ? {} : { held_since: isoTime(since) }) },
    });
  }
  return appError('ENTRY_REJECTED', {
    message,
    suggestion: `Check the position with get_positions; to act on it as it is now, make a new proposal with ${proposeTool(proposal)}.`,
    seeTool: 'get_positions',
    expected: "a position with status 'open' that holds every leg the proposal closes",
    received: { proposal_id: proposal.id, position_id: refusal.positionId, ...refusal.found },
  });
}

/** `placementRefused`'s answer, having read when the holder came to hold the legs. */
export function refusePlacement(services: Services, proposal: Proposal, refusal: PlacementRefusal): ResultAsync<never, AppError> {
  return ResultAsync.fromSafePromise(holderSince(services, proposal.ownerId, refusal)).andThen((since) => errAsync(placementRefused(proposal, refusal, since)));
}

/** When the holder of an overlap came to hold its legs (`heldSince`), from `book` when the caller has just read it; null for other refusals. */
export async function holderSince(services: Services, ownerId: string, refusal: PlacementRefusal, book?: LegBook): Promise<number | null> {
  if (refusal.kind !== 'overlapping_legs') return null;
  const position = 'positionId' in refusal.heldBy ? refusal.heldBy.positionId : null;
  const [read, acting] = await Promise.all([book ?? services.proposals.book(ownerId), position === null ? [] : services.proposals.listForPosition(ownerId, position)]);
  return heldSince(refusal, read, acting);
}

/** The answer to a confirm of a void proposal (another exit or roll of its position was placed first). */
export const voidProposal = (proposal: Proposal, detail: string): AppError =>
  appError('ENTRY_REJECTED', {
    message: `Nothing was placed: this proposal is void — ${detail}.`,
    suggestion: `Check the position with get_positions; make a new proposal with ${proposeTool(proposal)} if it still needs one.`,
    seeTool: 'get_positions',
    expected: 'a proposal awaiting confirmation',
    received: { proposal_id: proposal.id, status: 'void' },
  });
