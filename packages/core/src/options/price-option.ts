import { normalCdf, normalPdf } from './normal.js';

/** A European option under Black–Scholes–Merton. Years to expiry; rate and yield continuous (0.05 = 5 %). */
export interface OptionPricingInput {
  readonly type: 'call' | 'put';
  readonly spot: number;
  readonly strike: number;
  /** Time to expiry in years (calendar days ÷ 365, see `yearsBetween`); negative counts as 0. */
  readonly years: number;
  readonly rate: number;
  readonly dividendYield: number;
  /** Annualised volatility, 0.2 = 20 %; negative counts as 0. */
  readonly volatility: number;
}

/** Price and sensitivities per share. */
export interface OptionValuation {
  readonly price: number;
  /** ∂price/∂spot. */
  readonly delta: number;
  /** ∂²price/∂spot². */
  readonly gamma: number;
  /** ∂price/∂volatility, per 1.00 (100 points) of volatility; × 0.01 for one point. */
  readonly vega: number;
  /** The price's change per year of calendar time passing (−∂price/∂years); ÷ 365 for one day. */
  readonly theta: number;
  /** ∂price/∂rate, per 1.00 of rate. */
  readonly rho: number;
  /** ∂price/∂dividendYield, per 1.00 of yield (Haug's "phi"). */
  readonly dividendRho: number;
}

/** N(d1), N(d2), N(−d1), N(−d2) and n(d1); at σ√T = 0 the step limits of the expiry payoff. */
function distribution(moneyness: number, totalVolatility: number) {
  if (totalVolatility > 0) {
    const d1 = moneyness / totalVolatility + totalVolatility / 2;
    const d2 = d1 - totalVolatility;
    return { nd1: normalCdf(d1), nd2: normalCdf(d2), nmd1: normalCdf(-d1), nmd2: normalCdf(-d2), density: normalPdf(d1) };
  }
  const step = moneyness > 0 ? 1 : moneyness < 0 ? 0 : 0.5;
  // At the money the density limit keeps vega at S e^{−qT} √T / √(2π) for σ → 0.
  return { nd1: step, nd2: step, nmd1: 1 - step, nmd2: 1 - step, density: moneyness === 0 ? normalPdf(0) : 0 };
}

/**
 * Black–Scholes–Merton price and greeks of a European option with a continuous dividend yield
 * (options-math §2.1). Inputs are assumed finite with positive spot and strike.
 *
 * When σ√T = 0 (at expiry, or zero volatility) the price is the discounted intrinsic value of the
 * forward, N(d1) and N(d2) become the step 0 / ½ (at the money) / 1, gamma is 0 (the payoff's kink
 * has no finite second derivative) and theta drops the volatility term; nothing is NaN.
 *
 * @example
 * priceOption({ type: 'call', spot: 60, strike: 65, years: 0.25, rate: 0.08, dividendYield: 0, volatility: 0.3 }).price
 * // 2.1334 (Haug)
 * @example
 * // expired in the money: intrinsic value, delta 1
 * priceOption({ type: 'call', spot: 110, strike: 100, years: 0, rate: 0.05, dividendYield: 0, volatility: 0.2 })
 * // price 10, delta 1, gamma 0, vega 0
 */
export function priceOption(input: OptionPricingInput): OptionValuation {
  const { spot, strike, rate, dividendYield: q } = input;
  const years = Math.max(0, input.years);
  const volatility = Math.max(0, input.volatility);
  const sqrtYears = Math.sqrt(years);
  const totalVolatility = volatility * sqrtYears;
  const { nd1, nd2, nmd1, nmd2, density } = distribution(Math.log(spot / strike) + (rate - q) * years, totalVolatility);

  const spotDiscounted = spot * Math.exp(-q * years);
  const strikeDiscounted = strike * Math.exp(-rate * years);
  const gamma = totalVolatility > 0 ? (Math.exp(-q * years) * density) / (spot * totalVolatility) : 0;
  const vega = spotDiscounted * density * sqrtYears;
  const decay = totalVolatility > 0 ? (-spotDiscounted * density * volatility) / (2 * sqrtYears) : 0;

  if (input.type === 'call') {
    return {
      price: Math.max(0, spotDiscounted * nd1 - strikeDiscounted * nd2),
      delta: Math.exp(-q * years) * nd1,
      gamma,
      vega,
      theta: decay + q * spotDiscounted * nd1 - rate * strikeDiscounted * nd2,
      rho: years * strikeDiscounted * nd2,
      dividendRho: -years * spotDiscounted * nd1,
    };
  }
  return {
    price: Math.max(0, strikeDiscounted * nmd2 - spotDiscounted * nmd1),
    delta: -Math.exp(-q * years) * nmd1,
    gamma,
    vega,
    theta: decay - q * spotDiscounted * nmd1 + rate * strikeDiscounted * nmd2,
    rho: -years * strikeDiscounted * nmd2,
    dividendRho: years * spotDiscounted * nmd1,
  };
}
