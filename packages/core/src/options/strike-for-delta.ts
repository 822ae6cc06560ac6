import { err, ok, type Result } from 'neverthrow';
import { inverseNormalCdf } from './inverse-normal.js';
import { invalidInput, type InvalidOptionsInput } from './invalid-input.js';
import type { LognormalMarket } from './lognormal.js';

/** Where to place a strike: the option type and its target delta at the market's volatility. */
export interface StrikeForDeltaInput extends LognormalMarket {
  readonly type: 'call' | 'put';
  /** The target |Δ|; the sign is ignored, so 0.16 and −0.16 both ask for a 16-delta put. */
  readonly delta: number;
}

/**
 * The strike whose Black–Scholes–Merton delta is the target (options-math §2.1):
 * K = S·exp(∓N⁻¹(|Δ|e^{qT})·σ√T + (r − q + σ²/2)T), minus for calls, plus for puts. With a
 * skew, pass the volatility at the answer and iterate once or twice. A delta that no strike
 * reaches (|Δ| ≥ e^{−qT}, or 0) is an `InvalidOptionsInput`.
 *
 * @example
 * strikeForDelta({ type: 'put', delta: 0.16, spot: 100, years: 45 / 365, rate: 0.04, dividendYield: 0, volatility: 0.2 })
 * // ok(93.947…): the 16-delta put, about one standard deviation (7.02) below the spot
 */
export function strikeForDelta(input: StrikeForDeltaInput): Result<number, InvalidOptionsInput> {
  const { type, spot, years, rate, dividendYield, volatility } = input;
  if (!(Number.isFinite(spot) && spot > 0)) return err(invalidInput('spot', 'must be a positive number'));
  if (!(Number.isFinite(years) && years > 0)) return err(invalidInput('years', 'must be a positive number'));
  if (!(Number.isFinite(volatility) && volatility > 0)) return err(invalidInput('volatility', 'must be a positive number'));
  if (!Number.isFinite(rate) || !Number.isFinite(dividendYield)) {
    return err(invalidInput('rate', 'and dividendYield must be finite numbers'));
  }
  const probability = Math.abs(input.delta) * Math.exp(dividendYield * years);
  if (!(probability > 0 && probability < 1)) {
    return err(invalidInput('delta', `must be non-zero with |delta| below e^(-qT) = ${Math.exp(-dividendYield * years)}`));
  }
  const z = inverseNormalCdf(probability);
  const totalVolatility = volatility * Math.sqrt(years);
  const drift = (rate - dividendYield + (volatility * volatility) / 2) * years;
  return ok(spot * Math.exp((type === 'call' ? -z : z) * totalVolatility + drift));
}
