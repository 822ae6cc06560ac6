import type { BacktestMetrics, BacktestResult, BacktestTrade, EntryContext, PopFunction, RuleSet } from '../types.js';
import { maxDrawdown, tradePnl } from './drawdown.js';
import { exitDebit, exitIndex } from './exits.js';
import { metricsOf, TradeTotals } from './metrics.js';
import type { RunContext } from './run-context.js';
import { simulate, walkTrades, type TakenTrade } from './simulate.js';
import type { ShapeSource } from './trade-shape.js';

/** A rule set's trades before the probability of profit is computed (the optimizer needs it for the winners only). */
export interface Simulated {
  readonly rules: RuleSet;
  readonly taken: readonly TakenTrade[];
  readonly skipped: number;
  /** Metrics with popAtEntry 0, and maxDrawdown 0 unless it was asked for. */
  readonly metrics: BacktestMetrics;
}

/** What a probability-of-profit model sees of a taken trade. */
export function entryContextOf(context: RunContext, trade: TakenTrade, rules: RuleSet): EntryContext {
  const { shape } = trade;
  return { history: context.history, index: shape.entry.index, dte: shape.dte, strikes: shape.strikes, credit: shape.credit, rules };
}

/** Adds a trade to the totals. */
function addTrade(totals: TradeTotals, context: RunContext, trade: TakenTrade): void {
  const { shape, exit, qty } = trade;
  totals.add(
    tradePnl(trade),
    trade.maxLossPerContract * qty,
    shape.expectedValuePerContract * qty,
    (context.days[exit.index] ?? 0) - (context.days[shape.entry.index] ?? 0),
  );
}

function metricsWith(context: RunContext, taken: readonly TakenTrade[], skippedEntries: number, pops: readonly number[], drawdown = true): BacktestMetrics {
  const totals = new TradeTotals();
  for (const trade of taken) addTrade(totals, context, trade);
  return metricsOf(totals, { pops, maxDrawdown: drawdown ? maxDrawdown(taken, context.settings.maxCapital) : 0, skippedEntries });
}

/**
 * Simulates one rule set over a prepared run, drawing its trade shapes from `shapes`. The drawdown walks
 * every open trade's daily marks, so it is computed only when asked for (an objective that ranks by it).
 */
export function simulateRuleSet(context: RunContext, shapes: ShapeSource, rules: RuleSet, { drawdown = true } = {}): Simulated {
  const { taken, skipped } = simulate(context, shapes, rules);
  return { rules, taken, skipped, metrics: metricsWith(context, taken, skipped, [], drawdown) };
}

/**
 * `simulateRuleSet`'s metrics without keeping the trades (and with maxDrawdown 0): what ranking a rule
 * set needs, for every rule set of a grid.
 */
export function ruleSetMetrics(context: RunContext, shapes: ShapeSource, rules: RuleSet): BacktestMetrics {
  const totals = new TradeTotals();
  const { days } = context;
  const skippedEntries = walkTrades(context, shapes, rules, (shape, step, qty, maxLossPerContract) => {
    // addTrade's sums, term for term, without a trade object per rule set and trade.
    totals.add(
      (shape.credit - exitDebit(shape, step)) * 100 * qty,
      maxLossPerContract * qty,
      shape.expectedValuePerContract * qty,
      (days[exitIndex(shape, step)] ?? 0) - (days[shape.entry.index] ?? 0),
    );
  });
  return metricsOf(totals, { pops: [], maxDrawdown: 0, skippedEntries });
}

/** The full result of a simulated rule set: every trade with its probability of profit at entry. */
export function completeResult(context: RunContext, simulated: Simulated, pop: PopFunction): BacktestResult {
  const { rules, taken } = simulated;
  const dateOf = (index: number): string => context.history.sessions[index]?.date ?? '';
  const pops = taken.map((trade) => {
    const value = pop(entryContextOf(context, trade, rules));
    return Number.isFinite(value) ? value : 0;
  });
  const trades = taken.map((trade, i): BacktestTrade => {
    const { shape, exit, qty, maxLossPerContract } = trade;
    return {
      entryDate: dateOf(shape.entry.index),
      expiry: shape.expiry,
      strikes: shape.strikes,
      qty,
      credit: shape.credit,
      exitDate: dateOf(exit.index),
      exitDebit: exit.debit,
      exitReason: exit.reason,
      pnl: tradePnl(trade),
      maxLoss: maxLossPerContract * qty,
      popAtEntry: pops[i] ?? 0,
      expectedValue: shape.expectedValuePerContract * qty,
      ivRankAtEntry: shape.entry.ivRank,
    };
  });
  return { rules, metrics: metricsWith(context, taken, simulated.skipped, pops), trades };
}
