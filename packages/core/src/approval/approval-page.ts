import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { HandlerContext } from '../operations/operation.js';
import type { Proposal } from '../ports/proposal-store.js';
import { ALL_SCOPES } from '../scopes/scopes.js';
import { placeProposal } from '../proposals/confirm-proposal.js';
import { PROPOSAL_TTL_S } from '../proposals/timing.js';
import type { Services } from '../services.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { findLink } from '../browser/links.js';
import { loadTicket } from './load-ticket.js';
import { rejectOwnProposal } from './reject-proposal.js';
import type { OrderTicket } from './ticket-types.js';

/** The ticket behind an approval link of the browser session's owner, and whether the link has been used. */
export function approvalTicket(services: Services, caller: BrowserCaller, linkToken: string): ResultAsync<{ ticket: OrderTicket; linkUsed: boolean }, AppError> {
  return linkedProposal(services, caller, linkToken, false).andThen(({ proposal, used }) => loadTicket(services, proposal).map((ticket) => ({ ticket, linkUsed: used })));
}

/**
 * Approves on the page: places the order through the one placement path with method `page`. The link is
 * marked used once the proposal is consumed; a second click finds the proposal consumed and is told its order.
 */
export function approveByLink(
  services: Services,
  caller: BrowserCaller,
  linkToken: string,
  evidence: { client: string | null; address: string | null },
): ResultAsync<{ ticket: OrderTicket; orderId: string; orderStatus: string }, AppError> {
  return linkedProposal(services, caller, linkToken, true).andThen(({ proposal, digest }) =>
    placeProposal(proposal.id, 'page', pageContext(services, caller, evidence))
      .andThen((placed) => markUsed(services, digest).map(() => placed))
      .andThen((placed) => reload(services, caller, proposal.id).map((ticket) => ({ ticket, orderId: placed.order_id, orderStatus: placed.order_status }))),
  );
}

/** Rejects on the page: the proposal ends without an order. */
export function rejectByLink(services: Services, caller: BrowserCaller, linkToken: string): ResultAsync<OrderTicket, AppError> {
  return linkedProposal(services, caller, linkToken, true).andThen(({ proposal, digest }) =>
    rejectOwnProposal(services, proposal, 'on the approval page')
      .andThen(() => markUsed(services, digest))
      .andThen(() => reload(services, caller, proposal.id)),
  );
}

/** The proposal of the owner's approval link: NOT_FOUND for an unknown link or another user's; PROPOSAL_EXPIRED past its time when acting. */
function linkedProposal(services: Services, caller: BrowserCaller, linkToken: string, acting: boolean): ResultAsync<{ proposal: Proposal; used: boolean; digest: string }, AppError> {
  return findLink(services, linkToken, 'approve_proposal', caller.userId).andThen(({ link, expired }) => {
    if (link.proposalId === null) return errAsync(appError('NOT_FOUND'));
    return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, link.proposalId)).andThen((proposal) => {
      if (proposal === undefined) return errAsync(appError('NOT_FOUND'));
      // A proposal already acted on is answered by what became of it, whatever the link's age.
      if (expired && acting && proposal.consumedAt === null) {
        return errAsync(appError('PROPOSAL_EXPIRED', { message: `This approval link has expired with its proposal (${String(PROPOSAL_TTL_S)} seconds). Nothing was placed; ask for a new proposal.` }));
      }
      return okAsync({ proposal, used: link.usedAt !== null, digest: link.digest });
    });
  });
}

const markUsed = (services: Services, digest: string): ResultAsync<boolean, never> =>
  ResultAsync.fromSafePromise(services.singleUseLinks.markUsed(digest, services.clock.now()));

function reload(services: Services, caller: BrowserCaller, proposalId: string): ResultAsync<OrderTicket, AppError> {
  return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposalId)).andThen((proposal) =>
    proposal === undefined ? errAsync(appError('NOT_FOUND')) : loadTicket(services, proposal),
  );
}

/** A page approval acts as its owner, outside any tool-call batch, with the browser as the client. */
function pageContext(services: Services, caller: BrowserCaller, evidence: { client: string | null; address: string | null }): HandlerContext<'trading'> {
  return {
    services,
    caller: { userId: caller.userId, email: caller.email, tier: 'free', sessionId: caller.sessionDigest, credential: 'session', scopes: ALL_SCOPES },
    requestId: 'approval-page',
    batchKey: null,
    clientIp: evidence.address,
    progress: null,
    client: evidence.client,
    approval: null,
  };
}
