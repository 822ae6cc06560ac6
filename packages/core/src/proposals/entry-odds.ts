import { okAsync, ResultAsync } from 'neverthrow';
import { expiryClose } from '../calendar/exchange-calendar.js';
import { quotePrice } from '../market/quote-price.js';
import { ironCondorStats } from '../options/iron-condor.js';
import { yearsBetween } from '../options/years-between.js';
import type { Services } from '../services.js';
import type { RepricedCondor } from './risk-gate.js';

/** The underlying's price and the condor's probability of profit at expiry, as the order ticket shows them. */
export interface EntryOdds {
  readonly spot: number | null;
  readonly pop: number | null;
  /** With the breakevens moved in by the costs per share; null when unknown or when costs eat the whole credit. */
  readonly popAfterCosts: number | null;
  /** Per share, held to expiry, at the same volatility. */
  readonly expectedValue: number | null;
  readonly expectedValueAfterCosts: number | null;
}

const UNKNOWN = { pop: null, popAfterCosts: null, expectedValue: null, expectedValueAfterCosts: null };
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/**
 * Spot, POP (lognormal at the breakevens, at the short legs' mean implied volatility) and expected value at
 * `limitCredit`, before and after `costPerShare`, from the market now. Unknown parts are null: the ticket says so
 * rather than the proposal failing.
 */
export function entryOdds(
  services: Services,
  {
    ticker,
    expiry,
    condor,
    limitCredit,
    costPerShare,
  }: { readonly ticker: string; readonly expiry: string; readonly condor: RepricedCondor; readonly limitCredit: number; readonly costPerShare: number },
): ResultAsync<EntryOdds, never> {
  return ResultAsync.combine([services.market.quote(ticker), services.market.riskFreeRate(), services.market.dividendYield(ticker)])
    .map(([quote, rate, dividendYield]) => {
      const spot = quotePrice(quote);
      const vols = [condor.shortPut.volatility, condor.shortCall.volatility].filter((x): x is number => x !== null && x > 0);
      const close = expiryClose(expiry);
      if (vols.length === 0 || close === undefined || close <= services.clock.now()) return { spot, ...UNKNOWN };
      const statsAt = (credit: number) => ironCondorStats({
        spot,
        years: yearsBetween(services.clock.now(), close),
        volatility: vols.reduce((a, b) => a + b, 0) / vols.length,
        rate,
        dividendYield,
        putLong: condor.longPut.strike,
        putShort: condor.shortPut.strike,
        callShort: condor.shortCall.strike,
        callLong: condor.longCall.strike,
        credit,
      });
      const before = statsAt(limitCredit);
      const after = statsAt(limitCredit - costPerShare);
      if (before.isErr()) return { spot, ...UNKNOWN };
      return {
        spot,
        pop: round4(before.value.pop),
        expectedValue: round4(before.value.expectedValue),
        // The costs come off every outcome, so the expected value falls by exactly the costs per share.
        expectedValueAfterCosts: round4(before.value.expectedValue - costPerShare),
        popAfterCosts: after.isOk() ? round4(after.value.pop) : 0,
      };
    })
    .orElse(() => okAsync({ spot: null, ...UNKNOWN }));
}
