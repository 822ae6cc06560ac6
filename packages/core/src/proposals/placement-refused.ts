import { appError, type AppError } from '../errors/app-error.js';
import type { ToolName } from '../operations/tool-names.js';
import type { PlacementRefusal, Proposal, ProposalKind } from '../ports/proposal-store.js';

const PROPOSE_TOOL: Record<ProposalKind, ToolName> = { entry: 'propose_entry', roll: 'propose_roll', exit: 'propose_exit' };

/** The tool that makes a new proposal of this one's kind. */
export const proposeTool = (proposal: Proposal): ToolName => PROPOSE_TOOL[proposal.kind];

/** The contract's answer to a placement the book no longer allows (`placementRefusal`): nothing was placed. */
export function placementRefused(proposal: Proposal, refusal: PlacementRefusal): AppError {
  if (refusal.kind === 'overlapping_legs') {
    const holder = 'positionId' in refusal.heldBy ? `position ${refusal.heldBy.positionId}` : `proposal ${refusal.heldBy.proposalId}, approved and being placed`;
    return appError('OVERLAPPING_LEGS', {
      message: `Nothing was placed: since this proposal was made, ${holder} came to hold ${refusal.legs.join(', ')}, which this order would open too.`,
      received: { proposal_id: proposal.id, legs: refusal.legs, ...refusal.heldBy },
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

/** The answer to a confirm of a void proposal (another exit or roll of its position was placed first). */
export const voidProposal = (proposal: Proposal, detail: string): AppError =>
  appError('ENTRY_REJECTED', {
    message: `Nothing was placed: this proposal is void — ${detail}.`,
    suggestion: `Check the position with get_positions; make a new proposal with ${proposeTool(proposal)} if it still needs one.`,
    seeTool: 'get_positions',
    expected: 'a proposal awaiting confirmation',
    received: { proposal_id: proposal.id, status: 'void' },
  });
