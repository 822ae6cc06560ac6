import { priceOption } from '../options/index.js';
import type { OptionType } from '../ports/market-data.js';
import type { SearchCriteria, SearchMarket } from './types.js';

/**
 * A leg's expected payout at expiry, per share, under the forecast volatility or the leg's own IV
 * (options-math §2.5): the undiscounted model price.
 */
export function expectedPayout(
  type: OptionType,
  strike: number,
  volatility: number,
  market: SearchMarket,
  years: number,
  criteria: Pick<SearchCriteria, 'forecastVolatility'>,
): number {
  const price = priceOption({
    type,
    spot: market.spot,
    strike,
    years,
    rate: market.rate,
    dividendYield: market.dividendYield,
    volatility: criteria.forecastVolatility ?? volatility,
  }).price;
  return Math.exp(market.rate * years) * price;
}
