import { normalCdf } from '../../options/normal.js';
import type { LegMarket } from '../smile.js';
import type { Columns } from '../../columns/columns.js';

const MAX_STANDARD_MONEYNESS = 3.5;
const MIN_YEARS = 1e-6;

/** A `LegMarket` with the terms every strike shares worked out once. */
export interface PreparedMarket {
  readonly market: LegMarket;
  readonly years: number;
  readonly sqrtYears: number;
  /** (r − q)·T. */
  readonly carry: number;
  readonly forward: number;
  readonly spotDiscounted: number;
  /** e^{−rT}. */
  readonly discount: number;
  /** σ_atm·√max(T, 1e-6), the smile's moneyness scale. */
  readonly moneynessScale: number;
}

/** Works out the strike-independent terms of a market once. */
export function prepareMarket(market: LegMarket): PreparedMarket {
  const years = Math.max(0, market.years);
  const carry = (market.rate - market.dividendYield) * years;
  return {
    market,
    years,
    sqrtYears: Math.sqrt(years),
    carry,
    forward: market.spot * Math.exp((market.rate - market.dividendYield) * market.years),
    spotDiscounted: market.spot * Math.exp(-market.dividendYield * years),
    discount: Math.exp(-market.rate * years),
    moneynessScale: market.atmVol * Math.sqrt(Math.max(market.years, MIN_YEARS)),
  };
}

/** A leg's modelled bid and ask at consecutive closes. */
export interface LegPath {
  readonly bid: Float64Array;
  readonly ask: Float64Array;
}

/** A path of `length` zeros, to be filled; from `columns` when given. */
export const emptyLegPath = (length: number, columns?: Columns): LegPath =>
  columns === undefined ? { bid: new Float64Array(length), ask: new Float64Array(length) } : { bid: columns.float64(length), ask: columns.float64(length) };

/** Writes the leg's bid and ask at position k of `path`: the smile price less and plus the modelled half-width, per share. */
function quoteInto(prepared: PreparedMarket, type: 'put' | 'call', strike: number, path: LegPath, k: number): void {
  const { market } = prepared;
  const z = Math.min(MAX_STANDARD_MONEYNESS, Math.max(-MAX_STANDARD_MONEYNESS, Math.log(strike / prepared.forward) / prepared.moneynessScale));
  const volatility = Math.max(0, market.atmVol * Math.max(0.5, 1 - market.smile.skew * z + market.smile.curvature * z * z));
  const totalVolatility = volatility * prepared.sqrtYears;
  const moneyness = Math.log(market.spot / strike) + prepared.carry;
  const strikeDiscounted = strike * prepared.discount;
  let mid: number;
  if (totalVolatility > 0) {
    const d1 = moneyness / totalVolatility + totalVolatility / 2;
    const d2 = d1 - totalVolatility;
    mid =
      type === 'call'
        ? Math.max(0, prepared.spotDiscounted * normalCdf(d1) - strikeDiscounted * normalCdf(d2))
        : Math.max(0, strikeDiscounted * normalCdf(-d2) - prepared.spotDiscounted * normalCdf(-d1));
  } else {
    const step = moneyness > 0 ? 1 : moneyness < 0 ? 0 : 0.5;
    mid =
      type === 'call'
        ? Math.max(0, prepared.spotDiscounted * step - strikeDiscounted * step)
        : Math.max(0, strikeDiscounted * (1 - step) - prepared.spotDiscounted * (1 - step));
  }
  const halfWidth = Math.min(market.spread.atm * (1 + market.spread.perZ2 * z * z), mid) / 2;
  path.bid[k] = Math.max(0, mid - halfWidth);
  path.ask[k] = mid + halfWidth;
}

/**
 * `quoteLeg`'s bid and ask at each market, without the greeks, for the backtest's hot loop: the same
 * smile volatility, Black–Scholes–Merton price and modelled spread, term for term, so the numbers
 * are `quoteLeg`'s to the last bit (leg-quotes.test.ts checks it).
 */
export function quoteLegPath(markets: readonly PreparedMarket[], type: 'put' | 'call', strike: number): LegPath {
  const path = emptyLegPath(markets.length);
  fillLegPath(markets, type, strike, path, 0, markets.length);
  return path;
}

/** Writes the quotes at markets[from] … markets[to − 1] into the same positions of `path`. */
export function fillLegPath(markets: readonly PreparedMarket[], type: 'put' | 'call', strike: number, path: LegPath, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const market = markets[k];
    if (market !== undefined) quoteInto(market, type, strike, path, k);
  }
}
