import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { holderSince, refusalReason } from '../positions/placement-check.js';
import type { ToolName } from '../operations/tool-names.js';
import { isoTime } from '../words/time.js';
import { isExpired } from '../lifecycle/proposal-timing.js';
import type { PlacementRefusal, Proposal, ProposalKind } from '../ports/proposal-store.js';

const PROPOSE_TOOL: Record<ProposalKind, ToolName> = { entry: 'propose_entry', roll: 'propose_roll', exit: 'propose_exit' };

/** The tool that makes a new proposal of this one's kind. */
export const proposeTool = (proposal: Proposal): ToolName => PROPOSE_TOOL[proposal.kind];

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

/**
 * The answer to a confirm of a void proposal (another exit or roll of its position was placed first):
 * PROPOSAL_EXPIRED once its time is over, else why it is void.
 */
export const voidAnswer = (proposal: Proposal, detail: string, now: number): AppError =>
  isExpired(proposal.createdAt, now)
    ? appError('PROPOSAL_EXPIRED', { received: { proposal_id: proposal.id } })
    : appError('ENTRY_REJECTED', {
        message: `Nothing was placed: this proposal is void — ${detail}.`,
        suggestion: `Check the position with get_positions; make a new proposal with ${proposeTool(proposal)} if it still needs one.`,
        seeTool: 'get_positions',
        expected: 'a proposal awaiting confirmation',
        received: { proposal_id: proposal.id, status: 'void' },
      });
