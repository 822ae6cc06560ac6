import type { Objective } from '../../types.js';
import { emptySums, sumsScore } from './scores.js';
import type { TradeTable } from './trade-table.js';

/** Every rule set's objective over any blocks, in time order. */
export interface BlockScores {
  /** Writes each rule set's score over `blocks` (ascending) into `into`; −Infinity where it has no trades there. */
  scores(objective: Objective, blocks: readonly number[], into: Float64Array): void;
}

/**
 * Cuts the schedule into `blocks` equal runs of entries and sums every rule set's trades in each, by entry (a trade
 * belongs to the block it was entered in, as a period's return belongs to its period). Each figure is one typed array
 * indexed block · ruleSets + rule set, so a union of blocks is summed for every rule set in one pass; the closed-P/L
 * drawdown is joined across blocks exactly (a later block's trough falls from every earlier peak). `peak` and
 * `trough` are the highest and lowest running P/L from the block's start, both from 0.
 */
export function blockSums(table: TradeTable, slots: number, blocks: number): BlockScores {
  const { ruleSets } = table;
  const cells = (): Float64Array => new Float64Array(blocks * ruleSets);
  const [trades, wins, pnl, maxLoss, expectedValue, peak, trough, drawdown] = [cells(), cells(), cells(), cells(), cells(), cells(), cells(), cells()];
  for (let ruleSet = 0; ruleSet < ruleSets; ruleSet++) {
    const end = table.start[ruleSet + 1] ?? 0;
    for (let row = table.start[ruleSet] ?? 0; row < end; row++) {
      const at = Math.min(blocks - 1, Math.floor(((table.slot[row] ?? 0) * blocks) / slots)) * ruleSets + ruleSet;
      const value = table.pnl[row] ?? 0;
      trades[at] = (trades[at] ?? 0) + 1;
      if (value > 0) wins[at] = (wins[at] ?? 0) + 1;
      const level = (pnl[at] ?? 0) + value;
      pnl[at] = level;
      maxLoss[at] = (maxLoss[at] ?? 0) + (table.maxLoss[row] ?? 0);
      expectedValue[at] = (expectedValue[at] ?? 0) + (table.expectedValue[row] ?? 0);
      const high = Math.max(peak[at] ?? 0, level);
      peak[at] = high;
      trough[at] = Math.min(trough[at] ?? 0, level);
      drawdown[at] = Math.max(drawdown[at] ?? 0, high - level);
    }
  }
  const totals = (): Float64Array => new Float64Array(ruleSets);
  const [totalTrades, totalWins, totalPnl, totalMaxLoss, totalEv, totalPeak, totalDrawdown] = [totals(), totals(), totals(), totals(), totals(), totals(), totals()];
  const add = (total: Float64Array, column: Float64Array, base: number): void => {
    for (let n = 0; n < ruleSets; n++) total[n] = (total[n] ?? 0) + (column[base + n] ?? 0);
  };
  const joinDrawdown = (base: number): void => {
    for (let n = 0; n < ruleSets; n++) {
      const before = totalPnl[n] ?? 0;
      totalDrawdown[n] = Math.max(totalDrawdown[n] ?? 0, drawdown[base + n] ?? 0, (totalPeak[n] ?? 0) - (before + (trough[base + n] ?? 0)));
      totalPeak[n] = Math.max(totalPeak[n] ?? 0, before + (peak[base + n] ?? 0));
    }
  };
  const sums = emptySums();
  return {
    scores(objective, chosen, into) {
      for (const running of [totalTrades, totalWins, totalPnl, totalMaxLoss, totalEv, totalPeak, totalDrawdown]) running.fill(0);
      // Only the figures the objective reads are summed: CSCV asks for every rule set over hundreds of splits.
      for (const block of chosen) {
        const base = block * ruleSets;
        if (objective === 'pnl_to_drawdown') joinDrawdown(base);
        add(totalTrades, trades, base);
        add(totalPnl, pnl, base);
        if (objective === 'return_on_risk') add(totalMaxLoss, maxLoss, base);
        if (objective === 'win_rate') add(totalWins, wins, base);
        if (objective === 'expected_value') add(totalEv, expectedValue, base);
      }
      if (objective === 'return_on_risk') {
        // sumsScore's return_on_risk, without an object per rule set: the common case, over hundreds of splits.
        for (let n = 0; n < ruleSets; n++) {
          const risk = totalMaxLoss[n] ?? 0;
          const value = risk > 0 ? (totalPnl[n] ?? 0) / risk : 0;
          into[n] = (totalTrades[n] ?? 0) === 0 ? Number.NEGATIVE_INFINITY : Number.isFinite(value) ? value : 0;
        }
        return;
      }
      for (let n = 0; n < ruleSets; n++) {
        sums.trades = totalTrades[n] ?? 0;
        sums.wins = totalWins[n] ?? 0;
        sums.pnl = totalPnl[n] ?? 0;
        sums.maxLoss = totalMaxLoss[n] ?? 0;
        sums.expectedValue = totalEv[n] ?? 0;
        sums.drawdown = totalDrawdown[n] ?? 0;
        into[n] = sumsScore(objective, sums) ?? Number.NEGATIVE_INFINITY;
      }
    },
  };
}
