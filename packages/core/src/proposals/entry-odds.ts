import { okAsync, ResultAsync } from 'neverthrow';
import { expiryClose } from '../market/exchange-calendar.js';
import { quotePrice } from '../market/quote-price.js';
import { ironCondorStats } from '../options/iron-condor.js';
import { yearsBetween } from '../options/years-between.js';
import type { Services } from '../services.js';
import type { RepricedCondor } from './risk-gate.js';

/** The underlying's price and the condor's probability of profit at expiry, as the order ticket shows them. */
export interface EntryOdds {
  readonly spot: number | null;
  readonly pop: number | null;
}

/**
 * Spot and POP (lognormal at the breakevens, at the short legs' mean implied volatility) at `limitCredit`, from the
 * market now. Unknown parts are null: the ticket says so rather than the proposal failing.
 */
export function entryOdds(services: Services, ticker: string, expiry: string, condor: RepricedCondor, limitCredit: number): ResultAsync<EntryOdds, never> {
  return ResultAsync.combine([services.market.quote(ticker), services.market.riskFreeRate(), services.market.dividendYield(ticker)])
    .map(([quote, rate, dividendYield]) => {
      const spot = quotePrice(quote);
      const vols = [condor.shortPut.volatility, condor.shortCall.volatility].filter((x): x is number => x !== null && x > 0);
      const close = expiryClose(expiry);
      if (vols.length === 0 || close === undefined || close <= services.clock.now()) return { spot, pop: null };
      const stats = ironCondorStats({
        spot,
        years: yearsBetween(services.clock.now(), close),
        volatility: vols.reduce((a, b) => a + b, 0) / vols.length,
        rate,
        dividendYield,
        putLong: condor.longPut.strike,
        putShort: condor.shortPut.strike,
        callShort: condor.shortCall.strike,
        callLong: condor.longCall.strike,
        credit: limitCredit,
      });
      return { spot, pop: stats.isOk() ? Math.round(stats.value.pop * 10_000) / 10_000 : null };
    })
    .orElse(() => okAsync({ spot: null, pop: null }));
}
