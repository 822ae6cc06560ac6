import type { Objective } from '../../types.js';
import { blockSums } from './block-sums.js';
import { probabilityOfOverfitting } from './cscv.js';
import { expectedMaxSharpe, probabilisticSharpe, returnMoments, type ReturnMoments } from './deflated-sharpe.js';
import type { TradeTable } from './trade-table.js';
import { walkForward, type WalkForward } from './walk-forward.js';
import { inWindow, sampleSplit, walkForwardFolds, type SampleSplit, type TradeWindow } from './windows.js';

/**
 * S of CSCV: the paper's examples use 16 (12,870 splits); 10 gives 252, enough to estimate a probability to about ±3
 * points while a premium grid of 20,000 rule sets still scores every split in well under a second.
 */
export const CSCV_BLOCKS = 10;

/** The deflated Sharpe ratio of rank 1: its in-sample per-trade returns against the best of `trials` by luck. */
export interface DeflatedSharpe extends ReturnMoments {
  readonly trials: number;
  /** The Sharpe ratio per trade the best of the trials would show with no skill at all. */
  readonly expectedMaxSharpe: number;
  /** The probability that rank 1's true Sharpe ratio is above 0 after deflation. */
  readonly probability: number;
}

export interface Validation {
  readonly split: SampleSplit;
  readonly walkForward: WalkForward;
  readonly overfitting: { readonly probability: number | null; readonly blocks: number; readonly combinations: number };
  readonly deflatedSharpe: DeflatedSharpe | null;
}

/** What a run's schedule looks like to its validation: each scheduled entry's session index and the sessions in all. */
export interface Schedule {
  readonly entryIndices: readonly number[];
  readonly sessions: number;
}

/**
 * Each rule set's return series over `window`, one observation per scheduled entry (the P/L after costs of the trade
 * entered there, 0 where none was), as moments; null without dispersion. Every trial is observed over the same
 * entries, as the deflated Sharpe ratio assumes.
 */
function windowMoments(table: TradeTable, window: TradeWindow): (ReturnMoments | null)[] {
  const length = Math.max(0, window.toSlot - window.fromSlot);
  const returns = new Float64Array(length);
  const moments: (ReturnMoments | null)[] = [];
  for (let ruleSet = 0; ruleSet < table.ruleSets; ruleSet++) {
    returns.fill(0);
    const end = table.start[ruleSet + 1] ?? 0;
    for (let row = table.start[ruleSet] ?? 0; row < end; row++) {
      const slot = table.slot[row] ?? -1;
      if (inWindow(window, slot, table.exit[row] ?? 0)) returns[slot - window.fromSlot] = (returns[slot - window.fromSlot] ?? 0) + (table.pnl[row] ?? 0);
    }
    moments.push(returnMoments(returns));
  }
  return moments;
}

/**
 * The deflated Sharpe ratio (Bailey & López de Prado, 2014) of rule set `best` in-sample, over the number of rule sets
 * tried. V[SR] is the variance of the trials' Sharpe ratios (those with any dispersion), at most 1/(T − 1) — what a
 * Sharpe ratio estimate with no edge varies by over T observations: correlated trials vary less, and is what the
 * paper's estimate gives under its null; the excess of real differences between rule sets is no luck.
 */
function deflatedSharpe(table: TradeTable, window: TradeWindow, best: number): DeflatedSharpe | null {
  const moments = windowMoments(table, window);
  const own = moments[best] ?? null;
  if (own === null) return null;
  const sharpes = moments.flatMap((m) => (m === null ? [] : [m.sharpe]));
  const mean = sharpes.reduce((sum, sharpe) => sum + sharpe, 0) / sharpes.length;
  const spread = sharpes.length < 2 ? 0 : sharpes.reduce((sum, sharpe) => sum + (sharpe - mean) ** 2, 0) / (sharpes.length - 1);
  const benchmark = expectedMaxSharpe(table.ruleSets, Math.min(spread, 1 / (own.observations - 1)));
  return { ...own, trials: table.ruleSets, expectedMaxSharpe: benchmark, probability: probabilisticSharpe(own, benchmark) };
}

/**
 * How far to trust a run (design §19), from its trade table alone: the in-sample/out-of-sample split, the
 * walk-forward folds, CSCV over every rule set tried, and the deflated Sharpe ratio of `best` (rank 1's grid position).
 */
export function validate(table: TradeTable, schedule: Schedule, objective: Objective, best: number | null): Validation {
  const { entryIndices, sessions } = schedule;
  const split = sampleSplit(entryIndices, sessions);
  const blocks = blockSums(table, entryIndices.length, CSCV_BLOCKS);
  const cscv =
    entryIndices.length >= CSCV_BLOCKS
      ? probabilityOfOverfitting({ strategies: table.ruleSets, blocks: CSCV_BLOCKS, performance: (chosen, into) => { blocks.scores(objective, chosen, into); } })
      : { probability: null, combinations: 0 };
  return {
    split,
    walkForward: walkForward(table, objective, walkForwardFolds(entryIndices, sessions)),
    overfitting: { probability: cscv.probability, blocks: CSCV_BLOCKS, combinations: cscv.combinations },
    deflatedSharpe: best === null ? null : deflatedSharpe(table, split.inSample, best),
  };
}
