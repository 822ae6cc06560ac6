import type { LegMarket } from '../smile.js';
import { prepareMarket, quoteLegPath, type LegPath, type PreparedMarket } from './leg-quotes.js';
import type { RunContext } from './run-context.js';

const DAYS_PER_YEAR = 365;

/** One entry's view of one expiry: the market at each close until expiry and the legs quoted so far. */
export interface ExpiryBook {
  /** The market at session entryIndex + k, for k = 0 … expiryIndex − entryIndex − 1. */
  readonly markets: readonly PreparedMarket[];
  /** The bid and ask path of a leg, quoted once whichever rule sets share it. */
  readonly leg: (type: 'put' | 'call', strike: number) => LegPath;
}

function marketsUntilExpiry(context: RunContext, entryIndex: number, expiryIndex: number): PreparedMarket[] {
  const { history, days } = context;
  const expiryDay = days[expiryIndex] ?? Number.NaN;
  const markets: PreparedMarket[] = [];
  for (let index = entryIndex; index < expiryIndex; index++) {
    const session = history.sessions[index];
    const market: LegMarket = {
      spot: session?.close ?? Number.NaN,
      years: (expiryDay - (days[index] ?? Number.NaN)) / DAYS_PER_YEAR,
      rate: history.rate,
      dividendYield: history.dividendYield,
      atmVol: session?.atmVol ?? Number.NaN,
      smile: history.smile,
      spread: history.spread,
    };
    markets.push(prepareMarket(market));
  }
  return markets;
}

/**
 * The book of an entry and an expiry: each leg (type, strike) is quoted at every close once, whether
 * it is a short leg or another wing width's long leg. Built for one short delta's condors at a time
 * and then dropped, so memory stays at the trades' debit paths.
 */
export function expiryBook(context: RunContext, entryIndex: number, expiryIndex: number): ExpiryBook {
  const markets = marketsUntilExpiry(context, entryIndex, expiryIndex);
  // Strikes are positive: puts keyed by the strike, calls by its negative.
  const legs = new Map<number, LegPath>();
  return {
    markets,
    leg: (type, strike) => {
      const key = type === 'put' ? strike : -strike;
      let path = legs.get(key);
      if (path === undefined) {
        path = quoteLegPath(markets, type, strike);
        legs.set(key, path);
      }
      return path;
    },
  };
}
