import { ResultAsync } from 'neverthrow';
import type { Proposal } from '../ports/proposal-store.js';
import { quotePrice } from '../market/quote-price.js';
import type { Services } from '../services.js';
import { tradingAccountView } from '../brokers/trading-account.js';
import { orderTicket } from './order-ticket.js';
import { holderSince, placementRefusal, refusalReason } from '../positions/placement-check.js';
import { isExpired } from '../lifecycle/proposal-timing.js';
import { personMarket } from '../brokers/person-market.js';
import { marketChangeReason } from '../market/market-change.js';
import type { MarketSource } from '../ports/market-data.js';
import type { OrderTicket } from './ticket-types.js';

/**
 * The ticket of a proposal now: its owner's account from the broker link, and the underlying's price — `knownSpot`
 * when the caller has just read it, else from the market when it answers.
 */
export function loadTicket(services: Services, proposal: Proposal, knownSpot?: number): ResultAsync<OrderTicket, never> {
  return ResultAsync.fromSafePromise(services.brokerLinks.get(proposal.ownerId)).andThen((link) => {
    const market = personMarket(link, services);
    const spot =
      knownSpot !== undefined
        ? Promise.resolve(knownSpot)
        : market.data.quote(proposal.ticker).match(
            (quote) => quotePrice(quote),
            () => null,
          );
    const walk = proposal.consumedAt === null ? Promise.resolve(undefined) : services.workingOrders.get(proposal.ownerId, proposal.id);
    return ResultAsync.fromSafePromise(Promise.all([spot, walk, blockedBecause(services, proposal, market.source)])).map(([price, walked, blocked]) => {
      const account = tradingAccountView(link, { ...services, marketNotice: market.notice });
      return orderTicket({
        proposal,
        account: { broker: account.broker, environment: account.environment, simulatedMarket: account.simulated_market },
        spot: price,
        now: services.clock.now(),
        marketNotice: market.notice,
        walk: walked ?? null,
        blocked,
      });
    });
  });
}

/**
 * Why a proposal still waiting for its person can no longer be placed (issue 42: a person is never asked to approve
 * what the placement will refuse): priced on another market than the person's now (design §17), or the placement's
 * own check against the book read now, in words; null when it may.
 */
async function blockedBecause(services: Services, proposal: Proposal, market: MarketSource): Promise<string | null> {
  if (proposal.consumedAt !== null || isExpired(proposal.createdAt, services.clock.now())) return null;
  const otherMarket = marketChangeReason(proposal.details, market);
  if (otherMarket !== null) return otherMarket.replace(/\.$/, '');
  const book = await services.proposals.book(proposal.ownerId);
  const refusal = placementRefusal(proposal, book);
  return refusal === null ? null : refusalReason(proposal, refusal, await holderSince(services, proposal.ownerId, refusal, book));
}
