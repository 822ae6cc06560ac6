import type { BacktestMetrics, BacktestSettings, BacktestTrade, MarketHistory, Objective, PopFunction, RuleGrid, RuleSet } from '../types.js';
import { completeResult, entryContextOf, recordRuleSet, recordSimulated, simulateRuleSet, windowMetrics, type Simulated } from './evaluate.js';
import { expandGrid } from './expand-grid.js';
import { objectiveValue } from './objective.js';
import { runContext, type RunContext } from './run-context.js';
import { quoteBook } from './expiry-book.js';
import { shapeSource, type ShapeSource } from './trade-shape.js';
import { TradeTableBuilder } from './validation/trade-table.js';
import { validate, type Validation } from './validation/validate.js';
import { sampleSplit } from './validation/windows.js';

/** One optimizer run: every rule set of `grid` over `history`, ranked by `objective`. */
export interface OptimizeRequest {
  readonly history: MarketHistory;
  readonly grid: RuleGrid;
  readonly settings: BacktestSettings;
  readonly objective: Objective;
  /** How many of the best rule sets to return. */
  readonly topK: number;
  /** The POP model of every returned trade (cheap: lognormal). */
  readonly pop: PopFunction;
  /** A costlier POP model recomputed for the returned rule sets only, over their latest trades. */
  readonly refinePop?: { readonly fn: PopFunction; readonly latestTrades: number };
}

/** A returned rule set; rank 1 is the best in-sample. */
export interface RankedStrategy {
  readonly rank: number;
  readonly rules: RuleSet;
  /** Over the whole history. */
  readonly metrics: BacktestMetrics;
  /** Over the trades closed before the choice (`validation.split.inSample`), which it was ranked on. */
  readonly inSample: BacktestMetrics;
  /** Over the trades entered after the choice (`validation.split.outOfSample`), which it was not. */
  readonly outOfSample: BacktestMetrics;
  /** The objective in-sample. */
  readonly objectiveValue: number;
  readonly trades: readonly BacktestTrade[];
}

export interface OptimizeResult {
  readonly ranked: readonly RankedStrategy[];
  /** Rule sets backtested (all of the expanded grid). */
  readonly evaluated: number;
  /** The split, the walk-forward folds, the probability of overfitting and rank 1's deflated Sharpe ratio. */
  readonly validation: Validation;
  /** The rule set of each grid position a walk-forward fold chose. */
  readonly foldChoices: readonly (RuleSet | null)[];
}

interface Ranking {
  readonly position: number;
  readonly metrics: BacktestMetrics;
  readonly objectiveValue: number;
}

interface Scored extends Ranking {
  readonly simulated: Simulated;
}

/** Objective descending, then total P/L descending, then grid order: a total order. */
function compareScored(a: Ranking, b: Ranking): number {
  return b.objectiveValue - a.objectiveValue || b.metrics.totalPnl - a.metrics.totalPnl || a.position - b.position;
}

/** Whether `candidate` would be among the best `size` entries. */
function makesTheCut(best: readonly Scored[], candidate: Ranking, size: number): boolean {
  const worst = best[best.length - 1];
  return !(best.length >= size && (worst === undefined || compareScored(candidate, worst) >= 0));
}

/** Keeps the best `size` entries of `best`, sorted best first. */
function keepBest(best: Scored[], candidate: Scored, size: number): void {
  if (!makesTheCut(best, candidate, size)) return;
  let at = best.length;
  while (at > 0 && compareScored(candidate, best[at - 1] as Scored) < 0) at--;
  best.splice(at, 0, candidate);
  if (best.length > size) best.pop();
}

const sameShape = (a: RuleSet, b: RuleSet): boolean => a.shortDelta === b.shortDelta && a.wingWidth === b.wingWidth && a.entryDte === b.entryDte;

function refinedPop(context: RunContext, simulated: Simulated, refine: NonNullable<OptimizeRequest['refinePop']>): number | null {
  const count = Math.floor(refine.latestTrades);
  if (!(count >= 1)) return null;
  const pops = simulated.taken.slice(-count).map((trade) => refine.fn(entryContextOf(context, trade, simulated.rules)));
  const mean = pops.reduce((sum, pop) => sum + pop, 0) / pops.length;
  return Number.isFinite(mean) ? mean : null;
}

function rankedStrategy(context: RunContext, scored: Scored, rank: number, request: OptimizeRequest): RankedStrategy {
  const { rules, metrics, trades } = completeResult(context, scored.simulated, request.pop);
  const refined = request.refinePop === undefined ? null : refinedPop(context, scored.simulated, request.refinePop);
  const pops = trades.map((trade) => trade.popAtEntry);
  const split = sampleSplit(context.entries.map((entry) => entry.index), context.days.length);
  return {
    rank,
    rules,
    metrics: refined === null ? metrics : { ...metrics, popAtEntry: refined },
    inSample: windowMetrics(context, scored.simulated.taken, pops, split.inSample),
    outOfSample: windowMetrics(context, scored.simulated.taken, pops, split.outOfSample),
    objectiveValue: scored.objectiveValue,
    trades,
  };
}

/**
 * Backtests every rule set of the grid (`expandGrid` order) with `backtest`'s semantics, costs included, and returns
 * the `topK` best by the objective over the in-sample part of the history (`sampleSplit`: the trades closed before
 * the choice), descending; ties go to the higher in-sample P/L, then to the earlier rule set of the grid, so the
 * ranking is deterministic. Rule sets without an in-sample trade are not ranked. Each returned strategy also carries
 * its metrics over the whole history and out of sample; `validation` says how far to trust the ranking.
 *
 * The entry and daily debit path of a trade depend on its short delta, wing width, expiry and entry session only, so
 * each is computed once and shared by every exit rule and capital simulation; every rule set's trades are kept in a
 * typed-array table that the validation works from; the POP model runs for the returned rule sets only (no objective
 * depends on it). With `refinePop`, the returned strategies' metrics.popAtEntry becomes the mean of `refinePop.fn`
 * over their latest `latestTrades` trades (after ranking). Pure apart from awaiting `onProgress` (done and total, in
 * rule sets) after each (short delta, wing width, entry DTE).
 *
 * @example
 * const { ranked, validation } = await optimize({ history, grid: defaultGrid(spot, 30, 60), settings,
 *   objective: 'return_on_risk', topK: 5, pop: lognormalPop });
 * ranked[0]?.outOfSample.totalPnl; // what rank 1 earned after it was chosen
 */
export async function optimize(request: OptimizeRequest, onProgress?: (done: number, total: number) => void | Promise<void>): Promise<OptimizeResult> {
  const context = runContext(request.history, request.settings);
  const ruleSets = expandGrid(request.grid);
  const size = Math.max(0, Math.floor(request.topK));
  const best: Scored[] = [];
  const books = quoteBook(context);
  const schedule = { entryIndices: context.entries.map((entry) => entry.index), sessions: context.days.length };
  const { inSample } = sampleSplit(schedule.entryIndices, schedule.sessions);
  // Room for every rule set to trade every entry of a default run; a premium grid grows it as it goes.
  const table = new TradeTableBuilder(Math.min(ruleSets.length * Math.max(1, context.entries.length), 1 << 17));
  let shapes: ShapeSource | undefined;
  let previous: RuleSet | undefined;
  for (const [position, rules] of ruleSets.entries()) {
    if (previous !== undefined && !sameShape(previous, rules)) await onProgress?.(position, ruleSets.length);
    if (shapes === undefined || previous?.shortDelta !== rules.shortDelta) shapes = shapeSource(context, rules.shortDelta, request.grid.wingWidths, books);
    previous = rules;
    // Only an objective that ranks by drawdown needs each rule set's trades; otherwise they are kept for the best only.
    const simulated = request.objective === 'pnl_to_drawdown' ? simulateRuleSet(context, shapes, rules, { drawdown: false }) : undefined;
    if (simulated !== undefined) recordSimulated(simulated, table);
    const metrics = simulated === undefined ? recordRuleSet(context, shapes, rules, table, inSample) : windowMetrics(context, simulated.taken, [], inSample);
    const ranking = { position, metrics, objectiveValue: objectiveValue(request.objective, metrics) };
    if (metrics.trades > 0 && size > 0 && makesTheCut(best, ranking, size)) {
      keepBest(best, { ...ranking, simulated: simulated ?? simulateRuleSet(context, shapes, rules, { drawdown: false }) }, size);
    }
  }
  if (ruleSets.length > 0) await onProgress?.(ruleSets.length, ruleSets.length);
  const validation = validate(table.build(), schedule, request.objective, best[0]?.position ?? null);
  return {
    ranked: best.map((scored, index) => rankedStrategy(context, scored, index + 1, request)),
    evaluated: ruleSets.length,
    validation,
    foldChoices: validation.walkForward.folds.map((fold) => (fold.chosen === null ? null : (ruleSets[fold.chosen] ?? null))),
  };
}
