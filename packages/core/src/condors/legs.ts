import { impliedVolatility, priceOption, type OptionValuation } from '../options/index.js';
import type { OptionContract } from '../ports/market-data.js';
import type { PricedLeg, SearchCriteria, SearchMarket } from './types.js';

type LegLimits = Pick<SearchCriteria, 'maxLegSpread' | 'minOpenInterest'>;

const model = (contract: OptionContract, market: SearchMarket, years: number) => ({
  type: contract.type,
  spot: market.spot,
  strike: contract.strike,
  years,
  rate: market.rate,
  dividendYield: market.dividendYield,
});

/**
 * The volatility a contract is searched at, or null when it fails the liquidity limits or has no sane
 * quote: its own IV, else the IV of its mid.
 */
export function usableVolatility(contract: OptionContract, market: SearchMarket, years: number, criteria: LegLimits): number | null {
  const { bid, ask } = contract;
  if (!(bid > 0) || !(ask >= bid) || ask - bid > criteria.maxLegSpread + 1e-9) return null;
  if (contract.openInterest < criteria.minOpenInterest) return null;
  const volatility = contract.volatility ?? impliedVolatility({ ...model(contract, market, years), price: (bid + ask) / 2 }).unwrapOr(null);
  return volatility === null || !(volatility > 0) ? null : volatility;
}

/** The contract's own greeks, or the model's at `volatility` when the quote has none. */
export const legGreeks = (contract: OptionContract, market: SearchMarket, years: number, volatility: number): Pick<OptionValuation, 'delta' | 'theta' | 'vega'> =>
  contract.greeks ?? priceOption({ ...model(contract, market, years), volatility });

/** A leg from a contract already known usable at `volatility`. */
export function pricedLeg(contract: OptionContract, market: SearchMarket, years: number, volatility: number): PricedLeg {
  const greeks = legGreeks(contract, market, years, volatility);
  return { contract, mid: (contract.bid + contract.ask) / 2, volatility, delta: greeks.delta, theta: greeks.theta, vega: greeks.vega };
}

/**
 * The contract as a usable leg, or null when it fails the liquidity limits or has no sane quote.
 * Missing IV comes from the mid price; missing greeks from the model at that IV.
 */
export function priceLeg(contract: OptionContract, market: SearchMarket, years: number, criteria: LegLimits): PricedLeg | null {
  const volatility = usableVolatility(contract, market, years, criteria);
  return volatility === null ? null : pricedLeg(contract, market, years, volatility);
}
