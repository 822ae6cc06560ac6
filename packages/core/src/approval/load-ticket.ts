import { ResultAsync } from 'neverthrow';
import type { Proposal } from '../ports/proposal-store.js';
import { quotePrice } from '../market/quote-price.js';
import type { Services } from '../services.js';
import { tradingAccountView } from '../brokers/trading-account.js';
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
  const walk = proposal.consumedAt === null ? Promise.resolve(undefined) : services.workingOrders.get(proposal.ownerId, proposal.id);
  return ResultAsync.fromSafePromise(Promise.all([services.brokerLinks.get(proposal.ownerId), spot, walk])).map(([link, price, walked]) => {
    const account = tradingAccountView(link, services);
    return orderTicket({
      proposal,
      account: { broker: account.broker, environment: account.environment, simulatedMarket: account.simulated_market },
      spot: price,
      now: services.clock.now(),
      marketNotice: services.marketNotice,
      walk: walked ?? null,
    });
  });
}
