import type { LegMarket } from '../smile.js';
import { sharedColumns } from '../../columns/columns.js';
import { emptyLegPath, fillLegPath, prepareMarket, type LegPath, type PreparedMarket } from './leg-quotes.js';
import type { RunContext } from './run-context.js';

const DAYS_PER_YEAR = 365;

/** One entry's view of one expiry: the market at each close until expiry and the legs quoted so far. */
export interface ExpiryBook {
  /** The market at session entryIndex + k, for k = 0 … expiryIndex − entryIndex − 1. */
  readonly markets: readonly PreparedMarket[];
  /** Where the entry's close sits in every leg path: session entryIndex + k is at position offset + k. */
  readonly offset: number;
  /** The bid and ask path of a leg, quoted once whichever entries and rule sets share it. */
  readonly leg: (type: 'put' | 'call', strike: number) => LegPath;
}

/** The books of a run, one per (entry, expiry). */
export type QuoteBook = (entryIndex: number, expiryIndex: number) => ExpiryBook;

/** Every path of one expiry starts at the session `origin`: the earliest close an entry could choose it from. */
interface ExpiryQuotes {
  readonly origin: number;
  /** The market at session origin + k, once a book has needed it. */
  readonly markets: PreparedMarket[];
  /** Puts keyed by the strike, calls by its negative (strikes are positive). */
  readonly legs: Map<number, { quotedFrom: number; readonly path: LegPath }>;
}

function marketAt(context: RunContext, index: number, expiryIndex: number): PreparedMarket {
  const { history, days } = context;
  const session = history.sessions[index];
  const market: LegMarket = {
    spot: session?.close ?? Number.NaN,
    years: ((days[expiryIndex] ?? Number.NaN) - (days[index] ?? Number.NaN)) / DAYS_PER_YEAR,
    rate: history.rate,
    dividendYield: history.dividendYield,
    atmVol: session?.atmVol ?? Number.NaN,
    smile: history.smile,
    spread: history.spread,
  };
  return prepareMarket(market);
}

/** The first session at most dteMax calendar days before the expiry: no entry picks the expiry earlier. */
function originOf(context: RunContext, expiryIndex: number): number {
  const earliestDay = (context.days[expiryIndex] ?? Number.NaN) - context.settings.dteMax;
  let low = 0;
  let high = expiryIndex;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((context.days[middle] ?? Number.NaN) < earliestDay) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The run's leg quotes: a leg's quote at a close depends on its expiry, type and strike only, so each
 * (expiry, close, type, strike) is quoted once, whichever entries, short deltas and wing widths share
 * it, and only from the earliest entry that needs it.
 */
export function quoteBook(context: RunContext): QuoteBook {
  const expiries = new Map<number, ExpiryQuotes>();
  const columns = sharedColumns();
  return (entryIndex, expiryIndex) => {
    let expiry = expiries.get(expiryIndex);
    if (expiry === undefined) {
      expiry = { origin: Math.min(entryIndex, originOf(context, expiryIndex)), markets: [], legs: new Map() };
      expiries.set(expiryIndex, expiry);
    }
    const { origin, markets, legs } = expiry;
    if (entryIndex < origin) throw new RangeError(`entry ${String(entryIndex)} is before expiry ${String(expiryIndex)}'s first entry ${String(origin)}`);
    const offset = entryIndex - origin;
    const length = expiryIndex - origin;
    for (let k = offset; k < length; k++) markets[k] ??= marketAt(context, origin + k, expiryIndex);
    return {
      markets: markets.slice(offset, length),
      offset,
      leg: (type, strike) => {
        const key = type === 'put' ? strike : -strike;
        let quotes = legs.get(key);
        if (quotes === undefined) {
          quotes = { quotedFrom: length, path: emptyLegPath(length, columns) };
          legs.set(key, quotes);
        }
        if (offset < quotes.quotedFrom) {
          fillLegPath(markets, type, strike, quotes.path, offset, quotes.quotedFrom);
          quotes.quotedFrom = offset;
        }
        return quotes.path;
      },
    };
  };
}
