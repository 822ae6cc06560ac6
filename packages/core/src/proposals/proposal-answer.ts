import * as v from 'valibot';
import { TradingAccountView } from '../brokers/trading-account.js';
import { ResultAsync } from 'neverthrow';
import { loadTicket } from '../approval/load-ticket.js';
import { approvalUrl, mintLink } from '../browser/links.js';
import { TicketView, ticketView } from '../approval/ticket-view.js';
import type { AppError } from '../errors/app-error.js';
import type { HandlerContext } from '../operations/operation.js';
import type { Proposal } from '../ports/proposal-store.js';
import { ProposalView, proposalView } from './proposal-view.js';
import { expiresAt } from '../lifecycle/proposal-timing.js';

/** What propose_entry, propose_roll and propose_exit answer: the proposal, its order ticket and where a person approves it. */
export const ProposalAnswer = v.object({
  ...ProposalView.entries,
  approval_url: v.pipe(
    v.string(),
    v.description('A single-use link for the person: it shows the order ticket and approves or rejects it in a browser logged in to condor. Expires with the proposal.'),
  ),
  ticket: TicketView,
  account: TradingAccountView,
});

/** Stores the proposal, mints its approval link and answers with both and the ticket. */
export function proposalAnswer(proposal: Proposal, { services }: HandlerContext<'trading'>): ResultAsync<v.InferOutput<typeof ProposalAnswer>, AppError> {
  return ResultAsync.fromSafePromise(
    services.proposals.insert(proposal).then(() => mintLink(services, 'approve_proposal', proposal.ownerId, proposal.id, expiresAt(proposal.createdAt))),
  ).andThen((token) =>
    // An entry read the underlying's price a moment ago (details.spot): the ticket takes it rather than asking again.
    loadTicket(services, proposal, typeof proposal.details['spot'] === 'number' ? proposal.details['spot'] : undefined).map((ticket) => {
      const view = ticketView(ticket);
      return { ...proposalView(proposal, services.clock.now()), approval_url: approvalUrl(services, token), ticket: view, account: view.account };
    }),
  );
}
