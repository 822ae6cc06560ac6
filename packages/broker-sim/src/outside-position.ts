import { daysToExpiry, type MarketData, type MarketDataError } from '@condor/core';
import { okAsync, type ResultAsync } from 'neverthrow';

/** The contract a demo paper account holds from "before the service": one SPY call about 5 % out of the money, a month or more out. */
export function outsidePosition(market: MarketData, now: number): ResultAsync<{ symbol: string; price: number } | null, MarketDataError> {
  return market.quote('SPY').andThen((quote) =>
    market.expirations('SPY').andThen((expiries) => {
      const expiry = expiries.find((date) => (daysToExpiry(date, now) ?? 0) >= 30);
      if (expiry === undefined) return okAsync(null);
      return market.optionChain('SPY', expiry).map((chain) => {
        const target = quote.last * 1.05;
        const calls = chain.filter((c) => c.type === 'call' && c.ask > 0);
        const best = calls.reduce<(typeof calls)[number] | undefined>(
          (found, c) => (found === undefined || Math.abs(c.strike - target) < Math.abs(found.strike - target) ? c : found),
          undefined,
        );
        return best === undefined ? null : { symbol: best.symbol, price: best.ask };
      });
    }),
  );
}
