import { snapToIncrement, strikeIncrement } from './backtest/strikes.js';
import type { RuleGrid } from './types.js';

const SHORT_DELTAS = [0.1, 0.16, 0.2, 0.25, 0.3];
/** Wing widths as shares of the spot, before snapping to the strike increment. */
const WING_SHARES = [0.01, 0.02, 0.03];
const PROFIT_TAKE_PCTS = [0.5, 0.75, null];
const MANAGEMENT_DTES = [21, null];
const STOP_LOSS_MULTIPLES = [null, 2];

const distinctAscending = (values: readonly number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/**
 * The grid `create_strategy` tries when the caller gives no lists (options-math §2.9–2.10): shorts
 * at 10–30 Δ; wings of 1, 2 and 3 % of the spot on the strike increment (at least one increment,
 * duplicates dropped); entry at dte_min, the midpoint and dte_max; profit taking at 50 %, 75 % or
 * never; management at 21 DTE or never; a 2× credit stop or none.
 *
 * @example
 * defaultGrid(450, 30, 60).wingWidths // [5, 10, 15]
 * defaultGrid(450, 30, 60).entryDtes // [30, 45, 60]
 */
export function defaultGrid(spot: number, dteMin: number, dteMax: number): RuleGrid {
  const increment = strikeIncrement(spot);
  return {
    shortDeltas: SHORT_DELTAS,
    wingWidths: distinctAscending(WING_SHARES.map((share) => snapToIncrement(spot * share, increment))),
    entryDtes: distinctAscending([dteMin, Math.round((dteMin + dteMax) / 2), dteMax]),
    profitTakePcts: PROFIT_TAKE_PCTS,
    managementDtes: MANAGEMENT_DTES,
    stopLossMultiples: STOP_LOSS_MULTIPLES,
  };
}
