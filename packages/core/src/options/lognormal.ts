import { logNormalCdf, normalCdf } from './normal.js';

/**
 * The underlying as a geometric Brownian motion under the risk-neutral drift r − q. Years to
 * expiry; rate and yield continuous; annualised volatility.
 */
export interface LognormalMarket {
  readonly spot: number;
  readonly years: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly volatility: number;
}

/** ν = r − q − σ²/2 (the drift of ln S) and s = σ√T. */
function logDrift(market: LognormalMarket): { nu: number; s: number } {
  const { years, rate, dividendYield, volatility } = market;
  return { nu: rate - dividendYield - (volatility * volatility) / 2, s: volatility * Math.sqrt(Math.max(0, years)) };
}

/**
 * Risk-neutral P(S_T > level) = N(d2(level)) (options-math §2.3). With σ√T = 0 the step of the
 * deterministic forward path.
 *
 * @example
 * probabilityFinishAbove({ spot: 100, years: 45 / 365, rate: 0, dividendYield: 0, volatility: 0.2 }, 105)
 * // 0.2327 (the short call of vector A ends in the money)
 */
export function probabilityFinishAbove(market: LognormalMarket, level: number): number {
  const { spot, years, rate, dividendYield, volatility } = market;
  return finishAbove(spot, level, years, rate, dividendYield, volatility);
}

/**
 * `probabilityFinishAbove` with positional arguments, for hot loops that score thousands of levels
 * (no object per call).
 */
export function finishAbove(spot: number, level: number, years: number, rate: number, dividendYield: number, volatility: number): number {
  return normalCdf(finishAboveScore(spot, level, years, rate, dividendYield, volatility));
}

/**
 * The d2 of `finishAbove` (which is N of it), ±∞ where the probability is 1 or 0 outright: levels rank
 * by it as by their probability, without the normal distribution function.
 */
export function finishAboveScore(spot: number, level: number, years: number, rate: number, dividendYield: number, volatility: number): number {
  if (level <= 0) return Number.POSITIVE_INFINITY;
  const t = Math.max(0, years);
  const s = volatility * Math.sqrt(t);
  const drift = Math.log(spot / level) + (rate - dividendYield - (volatility * volatility) / 2) * t;
  if (s > 0) return drift / s;
  return drift > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
}

/**
 * Risk-neutral probability that the price reaches `level`, from the spot's side of it, at some time
 * before expiry (continuous monitoring; options-math §2.4, the reflection principle with the drift
 * ν = r − q − σ²/2 of ln S). With b = ln(level/S) and s = σ√T:
 * - above the spot: N((−b + νT)/s) + e^{2νb/σ²}·N((−b − νT)/s);
 * - below the spot: N((b − νT)/s) + e^{2νb/σ²}·N((b + νT)/s);
 * - at the spot: 1.
 * The second term is formed in logs, so a tiny σ cannot overflow it.
 *
 * @example
 * probabilityOfTouch({ spot: 100, years: 45 / 365, rate: 0, dividendYield: 0, volatility: 0.2 }, 95)
 * // 0.477094
 */
export function probabilityOfTouch(market: LognormalMarket, level: number): number {
  const { spot, volatility } = market;
  if (level === spot) return 1;
  if (level <= 0) return 0;
  const years = Math.max(0, market.years);
  const b = Math.log(level / spot);
  const { nu, s } = logDrift(market);
  if (!(s > 0)) {
    // A deterministic path e^{νt} (σ = 0) touches the level when the level lies between its ends.
    const end = nu * years;
    return (b > 0 && end >= b) || (b < 0 && end <= b) ? 1 : 0;
  }
  const sign = b > 0 ? -1 : 1;
  const first = normalCdf((sign * (b - nu * years)) / s);
  const reflected = Math.exp((2 * nu * b) / (volatility * volatility) + logNormalCdf((sign * (b + nu * years)) / s));
  return Math.min(1, first + reflected);
}
