import type { Objective } from '../../types.js';
import type { TradeTable } from './trade-table.js';
import type { TradeWindow } from './windows.js';
import { inWindow } from './windows.js';

/** Sums over some of a rule set's trades in entry order, with the drawdown of their closed P/L added up in that order. */
export interface TradeSums {
  trades: number;
  wins: number;
  pnl: number;
  maxLoss: number;
  expectedValue: number;
  /** The largest fall of the running P/L from its peak (the peak starts at 0). */
  drawdown: number;
}

export const emptySums = (): TradeSums => ({ trades: 0, wins: 0, pnl: 0, maxLoss: 0, expectedValue: 0, drawdown: 0 });

/** Rule set `ruleSet`'s trades in `window`, summed into `into` (reset first). */
export function windowSums(table: TradeTable, ruleSet: number, window: TradeWindow, into: TradeSums = emptySums()): TradeSums {
  into.trades = 0;
  into.wins = 0;
  into.pnl = 0;
  into.maxLoss = 0;
  into.expectedValue = 0;
  into.drawdown = 0;
  let peak = 0;
  const end = table.start[ruleSet + 1] ?? 0;
  for (let row = table.start[ruleSet] ?? 0; row < end; row++) {
    if (!inWindow(window, table.slot[row] ?? -1, table.exit[row] ?? 0)) continue;
    const pnl = table.pnl[row] ?? 0;
    into.trades++;
    if (pnl > 0) into.wins++;
    into.pnl += pnl;
    into.maxLoss += table.maxLoss[row] ?? 0;
    into.expectedValue += table.expectedValue[row] ?? 0;
    peak = Math.max(peak, into.pnl);
    into.drawdown = Math.max(into.drawdown, peak - into.pnl);
  }
  return into;
}

const finite = (value: number): number => (Number.isFinite(value) ? value : 0);

/**
 * The run's objective over summed trades, as `objectiveValue` takes it from metrics — except that pnl_to_drawdown
 * divides by the drawdown of the closed P/L (the daily marks are not kept per trade); null without trades.
 */
export function sumsScore(objective: Objective, sums: TradeSums): number | null {
  if (sums.trades === 0) return null;
  switch (objective) {
    case 'return_on_risk':
      return sums.maxLoss > 0 ? finite(sums.pnl / sums.maxLoss) : 0;
    case 'total_pnl':
      return finite(sums.pnl);
    case 'expected_value':
      return finite(sums.expectedValue / sums.trades);
    case 'win_rate':
      return finite(sums.wins / sums.trades);
    case 'pnl_to_drawdown':
      return finite(sums.pnl) / Math.max(sums.drawdown, 1);
  }
}

/**
 * The rule set a choice at the end of `window` takes: the best score there (ties to the higher P/L, then the earlier
 * rule set of the grid, as the optimizer ranks); null when no rule set traded in it.
 */
export function bestInWindow(table: TradeTable, objective: Objective, window: TradeWindow): number | null {
  const sums = emptySums();
  let best: number | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  let bestPnl = Number.NEGATIVE_INFINITY;
  for (let ruleSet = 0; ruleSet < table.ruleSets; ruleSet++) {
    const score = sumsScore(objective, windowSums(table, ruleSet, window, sums));
    if (score === null) continue;
    if (best === null || score > bestScore || (score === bestScore && sums.pnl > bestPnl)) {
      best = ruleSet;
      bestScore = score;
      bestPnl = sums.pnl;
    }
  }
  return best;
}
