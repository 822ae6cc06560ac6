import { err, ok, type Result } from 'neverthrow';
import { invalidInput, type InvalidOptionsInput } from './invalid-input.js';
import { probabilityFinishAbove, probabilityOfTouch, type LognormalMarket } from './lognormal.js';
import { priceOption } from './price-option.js';

/** A short iron condor, per share: the four strikes of one expiry and the net credit received. */
export interface IronCondorInput extends LognormalMarket {
  readonly putLong: number;
  readonly putShort: number;
  readonly callShort: number;
  readonly callLong: number;
  /** Net credit per share (mid or expected fill, net of per-share fees). */
  readonly credit: number;
  /** The volatility the expected value is taken under; defaults to `volatility`. */
  readonly forecastVolatility?: number;
}

/** Held-to-expiry statistics of an iron condor, per share. */
export interface IronCondorStats {
  /** The credit. */
  readonly maxProfit: number;
  /** The wider wing's width less the credit. */
  readonly maxLoss: number;
  /** Short put − credit and short call + credit. */
  readonly breakevens: { readonly low: number; readonly high: number };
  /** Risk-neutral P(breakeven low < S_T < breakeven high): the probability of any profit at expiry. */
  readonly pop: number;
  /** Risk-neutral P(short put < S_T < short call): the whole credit is kept. */
  readonly probMaxProfit: number;
  /** Risk-neutral probability that each short strike is touched before expiry (1 if the spot is through it). */
  readonly probTouch: { readonly put: number; readonly call: number };
  /**
   * E[profit at expiry] under `forecastVolatility` with the risk-neutral drift: credit − E[payout],
   * both in expiry dollars, undiscounted and without interest on the credit (options-math §2.5).
   * Near 0 when the forecast equals the volatility that priced the credit.
   */
  readonly expectedValue: number;
}

const positive = (value: number): boolean => Number.isFinite(value) && value > 0;

function validate(input: IronCondorInput): InvalidOptionsInput | null {
  const { spot, years, volatility, rate, dividendYield, putLong, putShort, callShort, callLong, credit } = input;
  if (!positive(spot)) return invalidInput('spot', 'must be a positive number');
  if (!positive(years)) return invalidInput('years', 'must be a positive number');
  if (!positive(volatility)) return invalidInput('volatility', 'must be a positive number');
  if (input.forecastVolatility !== undefined && !positive(input.forecastVolatility)) {
    return invalidInput('forecastVolatility', 'must be a positive number');
  }
  if (!Number.isFinite(rate)) return invalidInput('rate', 'must be a finite number');
  if (!Number.isFinite(dividendYield)) return invalidInput('dividendYield', 'must be a finite number');
  if (!(positive(putLong) && putLong < putShort && putShort < callShort && callShort < callLong && Number.isFinite(callLong))) {
    return invalidInput('strikes', 'must satisfy 0 < putLong < putShort < callShort < callLong');
  }
  // A credit at or over a wing's width leaves that side without a breakeven (and is an arbitrage).
  if (!(positive(credit) && credit < Math.min(putShort - putLong, callLong - callShort))) {
    return invalidInput('credit', 'must be positive and below the narrower wing’s width');
  }
  return null;
}

/** E[payout of the short spreads at expiry] = e^{rT}·(value of the put spread + the call spread). */
function expectedPayout(input: IronCondorInput, volatility: number): number {
  const market = { spot: input.spot, years: input.years, rate: input.rate, dividendYield: input.dividendYield, volatility };
  const put = (strike: number): number => priceOption({ ...market, type: 'put', strike }).price;
  const call = (strike: number): number => priceOption({ ...market, type: 'call', strike }).price;
  const value = put(input.putShort) - put(input.putLong) + call(input.callShort) - call(input.callLong);
  return Math.exp(input.rate * input.years) * value;
}

/**
 * Max profit, max loss, breakevens, probabilities and expected value of a short iron condor held
 * to expiry, per share, under a lognormal with the risk-neutral drift r − q and flat `volatility`
 * (options-math §2.3–2.5). Strikes must be ordered and the credit below each wing's width;
 * otherwise an `InvalidOptionsInput` naming the field.
 *
 * @example
 * ironCondorStats({
 *   spot: 100, years: 45 / 365, rate: 0, dividendYield: 0, volatility: 0.2,
 *   putLong: 90, putShort: 95, callShort: 105, callLong: 110, credit: 1.473729,
 * })
 * // ok({ maxProfit: 1.473729, maxLoss: 3.526271, breakevens: { low: 93.526271, high: 106.473729 },
 * //      pop: 0.644065, probMaxProfit: 0.523837, probTouch: { put: 0.477094, call: 0.475336 }, expectedValue: ≈0 })
 */
export function ironCondorStats(input: IronCondorInput): Result<IronCondorStats, InvalidOptionsInput> {
  const invalid = validate(input);
  if (invalid !== null) return err(invalid);
  const { putLong, putShort, callShort, callLong, credit } = input;
  const low = putShort - credit;
  const high = callShort + credit;
  const above = (level: number): number => probabilityFinishAbove(input, level);
  return ok({
    maxProfit: credit,
    maxLoss: Math.max(putShort - putLong, callLong - callShort) - credit,
    breakevens: { low, high },
    pop: Math.max(0, above(low) - above(high)),
    probMaxProfit: Math.max(0, above(putShort) - above(callShort)),
    // A short strike the spot is already through counts as touched.
    probTouch: {
      put: input.spot <= putShort ? 1 : probabilityOfTouch(input, putShort),
      call: input.spot >= callShort ? 1 : probabilityOfTouch(input, callShort),
    },
    expectedValue: credit - expectedPayout(input, input.forecastVolatility ?? input.volatility),
  });
}
