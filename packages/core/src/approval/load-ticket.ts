import { ResultAsync } from 'neverthrow';
import type { Proposal } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { orderTicket } from './order-ticket.js';
import type { OrderTicket } from './ticket-types.js';

/** The ticket of a proposal now: its owner's account from the broker link, and the underlying's price when the market answers. */
export function loadTicket(services: Services, proposal: Proposal): ResultAsync<OrderTicket, never> {
  const spot = services.market.quote(proposal.ticker).match(
    (quote) => (quote.bid > 0 && quote.ask >= quote.bid ? Math.round(((quote.bid + quote.ask) / 2) * 100) / 100 : quote.last),
    () => null,
  );
  return ResultAsync.fromSafePromise(Promise.all([services.brokerLinks.get(proposal.ownerId), spot])).map(([link, price]) =>
    orderTicket({
      proposal,
      account: { broker: link?.broker ?? 'sim', environment: link?.environment ?? 'paper', simulatedMarket: services.marketNotice !== null },
      spot: price,
      now: services.clock.now(),
      marketNotice: services.marketNotice,
    }),
  );
}
