import { ResultAsync } from 'neverthrow';
import { loadTicket } from '../approval/load-ticket.js';
import type { OrderTicket } from '../approval/ticket-types.js';
import { PROPOSAL_TTL_MS } from '../lifecycle/proposal-timing.js';
import type { Services } from '../services.js';

/**
 * The tickets of the person's proposals waiting for their decision (undecided and not expired), newest first: the
 * same ticket the approval page shows, with its seconds left and until it may be approved — or, when the book no
 * longer allows placing one, why (`blocked`), without Approve.
 */
export function waitingApprovals(services: Services, userId: string): ResultAsync<OrderTicket[], never> {
  const since = services.clock.now() - PROPOSAL_TTL_MS;
  return ResultAsync.fromSafePromise(services.proposals.listWaiting(userId, since)).andThen((proposals) =>
    ResultAsync.combine(proposals.map((proposal) => loadTicket(services, proposal))),
  ).map((tickets) => tickets.filter((ticket) => ticket.status === 'awaiting_approval' || ticket.status === 'blocked'));
}
