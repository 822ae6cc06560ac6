import type { Objective } from '../../types.js';
import { bestInWindow, emptySums, windowSums } from './scores.js';
import type { TradeTable } from './trade-table.js';
import type { TradeWindow } from './windows.js';

/** One walk-forward fold: the rule set chosen on everything before it (null: none had traded yet) and what it then earned. */
export interface FoldResult {
  readonly measure: TradeWindow;
  /** Position of the chosen rule set in the grid. */
  readonly chosen: number | null;
  readonly trades: number;
  readonly wins: number;
  readonly pnl: number;
  readonly maxLoss: number;
}

/** What the selection procedure — choose on the past, trade the choice over the next fold, roll forward — earned. */
export interface WalkForward {
  readonly folds: readonly FoldResult[];
  readonly trades: number;
  readonly wins: number;
  readonly pnl: number;
  readonly maxLoss: number;
}

/**
 * Walks the folds in time: at each fold's start the best rule set by `objective` over the trades closed by then is
 * chosen, and its trades entered within the fold are counted, whenever they close. A fold's trades are the chosen
 * rule set's own backtest's (sized by its own earlier trades).
 */
export function walkForward(table: TradeTable, objective: Objective, folds: readonly { choose: TradeWindow; measure: TradeWindow }[]): WalkForward {
  const sums = emptySums();
  const results = folds.map(({ choose, measure }): FoldResult => {
    const chosen = bestInWindow(table, objective, choose);
    if (chosen === null) return { measure, chosen, trades: 0, wins: 0, pnl: 0, maxLoss: 0 };
    windowSums(table, chosen, measure, sums);
    return { measure, chosen, trades: sums.trades, wins: sums.wins, pnl: sums.pnl, maxLoss: sums.maxLoss };
  });
  const total = (key: 'trades' | 'wins' | 'pnl' | 'maxLoss'): number => results.reduce((sum, fold) => sum + fold[key], 0);
  return { folds: results, trades: total('trades'), wins: total('wins'), pnl: total('pnl'), maxLoss: total('maxLoss') };
}
