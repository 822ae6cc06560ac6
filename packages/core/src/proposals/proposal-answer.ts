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
import { approvalPolicy } from '../approval/approval-policy.js';
import { proposalWaitingNews } from '../notifications/news-of.js';
import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import { madeBy, makerOf, withMaker } from '../lifecycle/proposal-maker.js';

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

/** Stores the proposal with who made it (`made_by`), mints its approval link and answers with both and the ticket. */
export function proposalAnswer(made: Proposal, ctx: HandlerContext<'trading'>): ResultAsync<v.InferOutput<typeof ProposalAnswer>, AppError> {
  const { services } = ctx;
  const proposal = withMaker(made, makerOf(ctx));
  return ResultAsync.fromSafePromise(
    services.proposals.insert(proposal).then(() => mintLink(services, 'approve_proposal', proposal.ownerId, proposal.id, expiresAt(proposal.createdAt))),
  ).andThen((token) =>
    // An entry read the underlying's price a moment ago (details.spot): the ticket takes it rather than asking again.
    loadTicket(services, proposal, typeof proposal.details['spot'] === 'number' ? proposal.details['spot'] : undefined)
      .andThen((ticket) => ResultAsync.fromSafePromise(tellWhenPersonNeeded(proposal, ticket.account.environment, services)).map(() => ticket))
      .map((ticket) => {
        const view = ticketView(ticket);
        return { ...proposalView(proposal, services.clock.now()), approval_url: approvalUrl(services, token), ticket: view, account: view.account };
      }),
  );
}

/**
 * Tells the person a proposal waits for them (design §18), unless the agent's own confirm may place it on this
 * account, or the person made it themselves (a fresh quote: they are taken to its ticket at once).
 */
async function tellWhenPersonNeeded(proposal: Proposal, environment: BrokerEnvironment, services: Services): Promise<void> {
  if (madeBy(proposal)?.by === 'person') return;
  const { allowed } = await approvalPolicy(services, proposal.ownerId, 'confirm', null, environment);
  if (!allowed) await services.news.add(proposalWaitingNews(proposal, services.ids));
}
