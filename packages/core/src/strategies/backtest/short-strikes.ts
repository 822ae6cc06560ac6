import { strikeForDelta } from '../../options/strike-for-delta.js';
import { smileVolatility, type LegMarket } from '../smile.js';
import { smileDelta } from './lean-pricing.js';

/** Enough steps to cross any strike grid between a first guess and the answer. */
const MAX_STEPS = 100_000;

/**
 * The short strike of one side: among the strikes k·increment (k ≥ 1) below the forward (puts) or
 * above it (calls), the one whose |delta| on the smile (`quoteLeg`) is nearest `targetDelta`.
 * Starts from the closed-form strike at the smile's volatility there and walks the grid while the
 * distance to the target falls (|delta| is monotone in the strike on any sane smile). Null when no
 * strike lies on that side of the forward.
 *
 * @example
 * shortStrike(market, 'put', 0.16, 1) // 93 with spot 100, 45 days, 20 % flat, r = q = 0 (the call: 108)
 */
export function shortStrike(market: LegMarket, type: 'put' | 'call', targetDelta: number, increment: number): number | null {
  const forward = market.spot * Math.exp((market.rate - market.dividendYield) * market.years);
  // Puts: k ≤ lastBelow (K < F); calls: k ≥ firstAbove (K > F).
  const lastBelow = Math.ceil(forward / increment) - 1;
  const firstAbove = Math.floor(forward / increment) + 1;
  const lowest = type === 'put' ? 1 : firstAbove;
  const highest = type === 'put' ? lastBelow : Number.POSITIVE_INFINITY;
  if (!(highest >= lowest)) return null;

  const distance = (k: number): number => Math.abs(Math.abs(smileDelta(market, type, k * increment)) - targetDelta);
  let k = Math.min(highest, Math.max(lowest, Math.round(firstGuess(market, type, targetDelta, forward) / increment)));
  let here = distance(k);
  for (let step = 0; step < MAX_STEPS; step++) {
    const down = k - 1 >= lowest ? distance(k - 1) : Number.POSITIVE_INFINITY;
    const up = k + 1 <= highest ? distance(k + 1) : Number.POSITIVE_INFINITY;
    if (!(down < here || up < here)) break;
    if (down < up) {
      k -= 1;
      here = down;
    } else {
      k += 1;
      here = up;
    }
  }
  return k * increment;
}

/** The target-delta strike in closed form at the ATM volatility, then once more at the smile's volatility there. */
function firstGuess(market: LegMarket, type: 'put' | 'call', delta: number, forward: number): number {
  const { spot, years, rate, dividendYield, atmVol } = market;
  const at = (volatility: number): number | undefined =>
    strikeForDelta({ type, delta, spot, years, rate, dividendYield, volatility }).unwrapOr(undefined);
  const flat = at(atmVol);
  if (flat === undefined) return forward;
  return at(smileVolatility(market.smile, atmVol, years, flat, forward)) ?? flat;
}
