import type { BacktestMetrics, BacktestSettings, BacktestTrade, MarketHistory, Objective, PopFunction, RuleGrid, RuleSet } from '../types.js';
import { completeResult, entryContextOf, ruleSetMetrics, simulateRuleSet, type Simulated } from './evaluate.js';
import { expandGrid } from './expand-grid.js';
import { objectiveValue } from './objective.js';
import { runContext, type RunContext } from './run-context.js';
import { quoteBook } from './expiry-book.js';
import { shapeSource, type ShapeSource } from './trade-shape.js';

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

/** A returned rule set; rank 1 is the best. */
export interface RankedStrategy {
  readonly rank: number;
  readonly rules: RuleSet;
  readonly metrics: BacktestMetrics;
  readonly objectiveValue: number;
  readonly trades: readonly BacktestTrade[];
}

export interface OptimizeResult {
  readonly ranked: readonly RankedStrategy[];
  /** Rule sets backtested (all of the expanded grid). */
  readonly evaluated: number;
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
  return { rank, rules, metrics: refined === null ? metrics : { ...metrics, popAtEntry: refined }, objectiveValue: scored.objectiveValue, trades };
}

/**
 * Backtests every rule set of the grid (`expandGrid` order) with `backtest`'s semantics and returns
 * the `topK` best by the objective, descending; ties go to the higher total P/L, then to the earlier
 * rule set of the grid, so the ranking is deterministic. Rule sets without trades are not ranked.
 *
 * The entry and daily debit path of a trade depend on its short delta, wing width, expiry and entry
 * session only, so each is computed once and shared by every exit rule and capital simulation; the
 * POP model runs for the returned rule sets only (no objective depends on it). The answers equal one
 * `backtest` per rule set. With `refinePop`, the returned strategies' metrics.popAtEntry becomes the
 * mean of `refinePop.fn` over their latest `latestTrades` trades (after ranking). Pure apart from
 * awaiting `onProgress` (done and total, in rule sets) after each (short delta, wing width, entry DTE).
 *
 * @example
 * const { ranked } = await optimize({ history, grid: defaultGrid(spot, 30, 60), settings,
 *   objective: 'return_on_risk', topK: 5, pop: lognormalPop });
 * ranked[0]?.rules; // the best rule set
 */
export async function optimize(request: OptimizeRequest, onProgress?: (done: number, total: number) => void | Promise<void>): Promise<OptimizeResult> {
  const context = runContext(request.history, request.settings);
  const ruleSets = expandGrid(request.grid);
  const size = Math.max(0, Math.floor(request.topK));
  const best: Scored[] = [];
  const books = quoteBook(context);
  let shapes: ShapeSource | undefined;
  let previous: RuleSet | undefined;
  for (const [position, rules] of ruleSets.entries()) {
    if (previous !== undefined && !sameShape(previous, rules)) await onProgress?.(position, ruleSets.length);
    if (shapes === undefined || previous?.shortDelta !== rules.shortDelta) shapes = shapeSource(context, rules.shortDelta, request.grid.wingWidths, books);
    previous = rules;
    // Only an objective that ranks by drawdown needs each rule set's trades; otherwise they are kept for the best only.
    const simulated = request.objective === 'pnl_to_drawdown' ? simulateRuleSet(context, shapes, rules) : undefined;
    const metrics = simulated?.metrics ?? ruleSetMetrics(context, shapes, rules);
    const ranking = { position, metrics, objectiveValue: objectiveValue(request.objective, metrics) };
    if (metrics.trades > 0 && size > 0 && makesTheCut(best, ranking, size)) {
      keepBest(best, { ...ranking, simulated: simulated ?? simulateRuleSet(context, shapes, rules, { drawdown: false }) }, size);
    }
  }
  if (ruleSets.length > 0) await onProgress?.(ruleSets.length, ruleSets.length);
  return { ranked: best.map((scored, index) => rankedStrategy(context, scored, index + 1, request)), evaluated: ruleSets.length };
}
