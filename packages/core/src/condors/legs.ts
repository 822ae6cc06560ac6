import { impliedVolatility, priceOption } from '../options/index.js';
import type { OptionContract } from '../ports/market-data.js';
import type { PricedLeg, SearchCriteria, SearchMarket } from './types.js';

/**
 * The contract as a usable leg, or null when it fails the liquidity limits or has no sane quote.
 * Missing IV comes from the mid price; missing greeks from the model at that IV.
 */
export function priceLeg(
  contract: OptionContract,
  market: SearchMarket,
  years: number,
  criteria: Pick<SearchCriteria, 'maxLegSpread' | 'minOpenInterest'>,
): PricedLeg | null {
  const { bid, ask } = contract;
  if (!(bid > 0) || !(ask >= bid) || ask - bid > criteria.maxLegSpread + 1e-9) return null;
  if (contract.openInterest < criteria.minOpenInterest) return null;
  const mid = (bid + ask) / 2;
  const model = {
    type: contract.type,
    spot: market.spot,
    strike: contract.strike,
    years,
    rate: market.rate,
    dividendYield: market.dividendYield,
  };
  const volatility = contract.volatility ?? impliedVolatility({ ...model, price: mid }).unwrapOr(null);
  if (volatility === null || !(volatility > 0)) return null;
  const greeks = contract.greeks ?? priceOption({ ...model, volatility });
  return { contract, mid, volatility, delta: greeks.delta, theta: greeks.theta, vega: greeks.vega };
}
