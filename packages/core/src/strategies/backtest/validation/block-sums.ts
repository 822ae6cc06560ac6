import type { Objective } from '../../types.js';
import { emptySums, sumsScore } from './scores.js';
import type { TradeTable } from './trade-table.js';

/** Per rule set and block, in this order: the sums of its trades entered in the block and the shape of their running P/L. */
const TRADES = 0;
const WINS = 1;
const PNL = 2;
const MAX_LOSS = 3;
const EXPECTED_VALUE = 4;
/** The highest and lowest running P/L from the block's start (both from 0) and the largest fall within it. */
const PEAK = 5;
const TROUGH = 6;
const DRAWDOWN = 7;
const STRIDE = 8;

/** The run's objective over any blocks of a rule set's trades, in time order. */
export interface BlockScores {
  score(objective: Objective, ruleSet: number, blocks: readonly number[]): number | null;
}

/**
 * Cuts the schedule into `blocks` equal runs of entries and sums every rule set's trades in each, by entry (a trade
 * belongs to the block it was entered in, as a period's return belongs to its period), in one flat typed array.
 * `score` then gives the run's objective over any blocks in time order, the closed-P/L drawdown joined across blocks
 * exactly: a later block's trough falls from every earlier peak.
 */
export function blockSums(table: TradeTable, slots: number, blocks: number): BlockScores {
  const cells = new Float64Array(table.ruleSets * blocks * STRIDE);
  for (let ruleSet = 0; ruleSet < table.ruleSets; ruleSet++) {
    const end = table.start[ruleSet + 1] ?? 0;
    for (let row = table.start[ruleSet] ?? 0; row < end; row++) {
      const block = Math.min(blocks - 1, Math.floor(((table.slot[row] ?? 0) * blocks) / slots));
      const at = (ruleSet * blocks + block) * STRIDE;
      const pnl = table.pnl[row] ?? 0;
      cells[at + TRADES]! += 1;
      if (pnl > 0) cells[at + WINS]! += 1;
      const level = (cells[at + PNL] ?? 0) + pnl;
      cells[at + PNL] = level;
      cells[at + MAX_LOSS]! += table.maxLoss[row] ?? 0;
      cells[at + EXPECTED_VALUE]! += table.expectedValue[row] ?? 0;
      const peak = Math.max(cells[at + PEAK] ?? 0, level);
      cells[at + PEAK] = peak;
      cells[at + TROUGH] = Math.min(cells[at + TROUGH] ?? 0, level);
      cells[at + DRAWDOWN] = Math.max(cells[at + DRAWDOWN] ?? 0, peak - level);
    }
  }
  const sums = emptySums();
  return {
    score(objective, ruleSet, chosen) {
      let trades = 0;
      let wins = 0;
      let pnl = 0;
      let maxLoss = 0;
      let expectedValue = 0;
      let drawdown = 0;
      let peak = 0;
      for (let i = 0; i < chosen.length; i++) {
        const at = (ruleSet * blocks + (chosen[i] ?? 0)) * STRIDE;
        trades += cells[at + TRADES] ?? 0;
        wins += cells[at + WINS] ?? 0;
        maxLoss += cells[at + MAX_LOSS] ?? 0;
        expectedValue += cells[at + EXPECTED_VALUE] ?? 0;
        drawdown = Math.max(drawdown, cells[at + DRAWDOWN] ?? 0, peak - (pnl + (cells[at + TROUGH] ?? 0)));
        peak = Math.max(peak, pnl + (cells[at + PEAK] ?? 0));
        pnl += cells[at + PNL] ?? 0;
      }
      sums.trades = trades;
      sums.wins = wins;
      sums.pnl = pnl;
      sums.maxLoss = maxLoss;
      sums.expectedValue = expectedValue;
      sums.drawdown = drawdown;
      return sumsScore(objective, sums);
    },
  };
}
