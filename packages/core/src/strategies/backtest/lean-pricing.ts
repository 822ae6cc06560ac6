import { normalCdf } from '../../options/normal.js';
import type { OptionPricingInput } from '../../options/price-option.js';
import { smileVolatility, type LegMarket } from '../smile.js';

/**
 * `priceOption(input).price` without the greeks, for the backtest's hot loops: the same terms in the same
 * order, so the number is the same to the last bit (lean-pricing.test.ts checks it), at two normal
 * distribution evaluations instead of four and a density, and no objects.
 */
export function optionPrice(input: OptionPricingInput): number {
  const { spot, strike, rate, dividendYield: q } = input;
  const years = Math.max(0, input.years);
  const totalVolatility = Math.max(0, input.volatility) * Math.sqrt(years);
  const moneyness = Math.log(spot / strike) + (rate - q) * years;
  const spotDiscounted = spot * Math.exp(-q * years);
  const strikeDiscounted = strike * Math.exp(-rate * years);
  if (!(totalVolatility > 0)) {
    const step = moneyness > 0 ? 1 : moneyness < 0 ? 0 : 0.5;
    return input.type === 'call'
      ? Math.max(0, spotDiscounted * step - strikeDiscounted * step)
      : Math.max(0, strikeDiscounted * (1 - step) - spotDiscounted * (1 - step));
  }
  const d1 = moneyness / totalVolatility + totalVolatility / 2;
  const d2 = d1 - totalVolatility;
  return input.type === 'call'
    ? Math.max(0, spotDiscounted * normalCdf(d1) - strikeDiscounted * normalCdf(d2))
    : Math.max(0, strikeDiscounted * normalCdf(-d2) - spotDiscounted * normalCdf(-d1));
}

/** `quoteLeg(market, type, strike).delta` alone, term for term (one normal distribution evaluation). */
export function smileDelta(market: LegMarket, type: 'put' | 'call', strike: number): number {
  const { spot, rate, dividendYield: q, atmVol } = market;
  const forward = spot * Math.exp((rate - q) * market.years);
  const years = Math.max(0, market.years);
  const totalVolatility = Math.max(0, smileVolatility(market.smile, atmVol, market.years, strike, forward)) * Math.sqrt(years);
  const moneyness = Math.log(spot / strike) + (rate - q) * years;
  let below: number;
  if (totalVolatility > 0) {
    const d1 = moneyness / totalVolatility + totalVolatility / 2;
    below = type === 'call' ? normalCdf(d1) : normalCdf(-d1);
  } else {
    const step = moneyness > 0 ? 1 : moneyness < 0 ? 0 : 0.5;
    below = type === 'call' ? step : 1 - step;
  }
  return type === 'call' ? Math.exp(-q * years) * below : -Math.exp(-q * years) * below;
}
