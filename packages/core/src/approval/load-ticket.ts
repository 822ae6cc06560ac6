import { ResultAsync } from 'neverthrow';
import type { Proposal } from '../ports/proposal-store.js';
import { quotePrice } from '../market/quote-price.js';
import type { Services } from '../services.js';
import { orderTicket } from './order-ticket.js';
import type { OrderTicket } from './ticket-types.js';

/**
 * The ticket of a proposal now: its owner's account from the broker link, and the underlying's price — `knownSpot`
 * when the caller has just read it, else from the market when it answers.
 */
export function loadTicket(services: Services, proposal: Proposal, knownSpot?: number): ResultAsync<OrderTicket, never> {
  const spot =
    knownSpot !== undefined
      ? Promise.resolve(knownSpot)
      : services.market.quote(proposal.ticker).match(
          (quote) => quotePrice(quote),
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
