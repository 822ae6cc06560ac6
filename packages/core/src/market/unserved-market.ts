import { errAsync, type ResultAsync } from 'neverthrow';
import type { MarketData, MarketDataError } from '../ports/market-data.js';

/** A market a link cannot serve (no keys of its broker, say): every call fails with `not_served`, saying why. */
export function unservedMarket(message: string, suggestion: string | null = null): MarketData {
  const refuse = <T>(): ResultAsync<T, MarketDataError> => errAsync({ kind: 'not_served', message, suggestion });
  return {
    session: refuse,
    isTradeable: refuse,
    quote: refuse,
    expirations: refuse,
    optionChain: refuse,
    dailyBars: refuse,
    ivHistory: refuse,
    riskFreeRate: refuse,
    dividendYield: refuse,
    events: refuse,
  };
}
