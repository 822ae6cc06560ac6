import { errAsync, ResultAsync } from 'neverthrow';
import { authenticate } from '../accounts/authenticate.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Proposal } from '../ports/proposal-store.js';
import { isExpired } from '../lifecycle/proposal-timing.js';
import type { Services } from '../services.js';
import { loadTicket } from './load-ticket.js';
import type { OrderTicket } from './ticket-types.js';

/** The outcome recorded for a proposal a person rejected. */
export const REJECTED_BY_PERSON = 'rejected by the person';

/** Ends an awaiting proposal without an order (consumed with no approval, outcome rejected). */
export function rejectOwnProposal(services: Services, proposal: Proposal, where: string): ResultAsync<void, AppError> {
  const now = services.clock.now();
  if (proposal.consumedAt !== null) return errAsync(appError('PROPOSAL_ALREADY_CONSUMED', { received: { proposal_id: proposal.id } }));
  if (isExpired(proposal.createdAt, now)) return errAsync(appError('PROPOSAL_EXPIRED', { received: { proposal_id: proposal.id } }));
  return ResultAsync.fromSafePromise(services.proposals.consume(proposal.ownerId, proposal.id, now, null)).andThen((won) =>
    won === 'consumed'
      ? ResultAsync.fromSafePromise(services.proposals.recordOutcome(proposal.id, { status: 'rejected', detail: `${REJECTED_BY_PERSON} ${where}` }))
      : errAsync(appError('PROPOSAL_ALREADY_CONSUMED', { received: { proposal_id: proposal.id } })),
  );
}

/** For a shell acting for a person with the caller's credential (an MCP App ticket's Reject): rejects the caller's proposal. */
export function rejectProposal(services: Services, credential: string | null, proposalId: string): ResultAsync<OrderTicket, AppError> {
  return authenticate(credential, services).andThen((caller) =>
    ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposalId)).andThen((proposal) =>
      proposal === undefined
        ? errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: proposalId } }))
        : rejectOwnProposal(services, proposal, 'in the MCP App ticket').andThen(() =>
            ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposalId)).andThen((after) => loadTicket(services, after ?? proposal)),
          ),
    ),
  );
}

/** The caller's proposal as an order ticket (an elicitation's message, an MCP App's view). */
export function proposalTicket(services: Services, credential: string | null, proposalId: string): ResultAsync<OrderTicket, AppError> {
  return authenticate(credential, services).andThen((caller) =>
    ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposalId)).andThen((proposal) =>
      proposal === undefined ? errAsync(appError('PROPOSAL_NOT_FOUND', { received: { proposal_id: proposalId } })) : loadTicket(services, proposal),
    ),
  );
}
