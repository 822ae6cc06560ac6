import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { heldSince } from './leg-book.js';
import type { ToolName } from '../operations/tool-names.js';
import { isoTime } from '../words/time.js';
import type { PlacementRefusal, Proposal, ProposalKind } from '../ports/proposal-store.js';

const PROPOSE_TOOL: Record<ProposalKind, ToolName> = { entry: 'propose_entry', roll: 'propose_roll', exit: 'propose_exit' };

/** The tool that makes a new proposal of this one's kind. */
export const proposeTool = (proposal: Proposal): ToolName => PROPOSE_TOOL[proposal.kind];

/**
 * The contract's answer to a placement the book no longer allows (`placementRefusal`): nothing was placed. An overlap
 * says whether the holder already held the legs when the proposal was made (`since` at or before it) or came to hold
 * them since, so the words say what actually happened.
 */
export function placementRefused(proposal: Proposal, refusal: PlacementRefusal, since: number | null): AppError {
  if (refusal.kind === 'overlapping_legs') {
    const holder = 'positionId' in refusal.heldBy ? `position ${refusal.heldBy.positionId}` : `proposal ${refusal.heldBy.proposalId}, approved and being placed`;
    const legs = refusal.legs.join(', ');
    const already = since !== null && since <= proposal.createdAt;
    return appError('OVERLAPPING_LEGS', {
      message: already
        ? `Nothing was placed: ${holder} already held ${legs} when this proposal was made, and this order would open them too.`
        : `Nothing was placed: since this proposal was made, ${holder} came to hold ${legs}, which this order would open too.`,
      received: { proposal_id: proposal.id, legs: refusal.legs, ...refusal.heldBy, ...(since === null ? {} : { held_since: isoTime(since) }) },
    });
  }
  return appError('ENTRY_REJECTED', {
    message: `Nothing was placed: position ${refusal.positionId} changed since this ${proposal.kind} was proposed — ${refusal.why}.`,
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

async function holderSince(services: Services, ownerId: string, refusal: PlacementRefusal): Promise<number | null> {
  if (refusal.kind !== 'overlapping_legs') return null;
  const position = 'positionId' in refusal.heldBy ? refusal.heldBy.positionId : null;
  const [book, acting] = await Promise.all([services.proposals.book(ownerId), position === null ? [] : services.proposals.listForPosition(ownerId, position)]);
  return heldSince(refusal, book, acting);
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
