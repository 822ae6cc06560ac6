import type { BacktestMetrics, BacktestResult, BacktestTrade, EntryContext, PopFunction, RuleSet } from '../types.js';
import { maxDrawdown, tradePnl } from './drawdown.js';
import { exitDebit, exitIndex } from './exits.js';
import { metricsOf, TradeTotals } from './metrics.js';
import type { RunContext } from './run-context.js';
import { simulate, walkTrades, type TakenTrade } from './simulate.js';
import type { ShapeSource } from './trade-shape.js';
import type { TradeTableBuilder } from './validation/trade-table.js';
import { inWindow, type TradeWindow } from './validation/windows.js';

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
    trade.costs,
  );
}

function metricsWith(context: RunContext, taken: readonly TakenTrade[], skippedEntries: number, pops: readonly number[], drawdown = true): BacktestMetrics {
  const totals = new TradeTotals();
  for (const trade of taken) addTrade(totals, context, trade);
  return metricsOf(totals, { pops, maxDrawdown: drawdown ? maxDrawdown(taken, context.settings.maxCapital) : 0, skippedEntries });
}

/**
 * The metrics of the trades of `taken` in `window` (pops aligned with `taken`); skippedEntries counts the window's
 * scheduled entries without a trade.
 */
export function windowMetrics(context: RunContext, taken: readonly TakenTrade[], pops: readonly number[], window: TradeWindow): BacktestMetrics {
  const inside = taken.flatMap((trade, i) => (inWindow(window, trade.slot, trade.exit.index) ? [{ trade, pop: pops[i] ?? 0 }] : []));
  const entered = taken.filter((trade) => trade.slot >= window.fromSlot && trade.slot < window.toSlot).length;
  const scheduled = Math.max(0, Math.min(window.toSlot, context.entries.length) - window.fromSlot);
  return metricsWith(
    context,
    inside.map(({ trade }) => trade),
    scheduled - entered,
    pops.length === 0 ? [] : inside.map(({ pop }) => pop),
  );
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
 * Records every trade of a rule set in `table` and returns its metrics over `window` (maxDrawdown 0, no
 * skipped entries): what ranking a rule set needs, for every rule set of a grid, without a trade object each.
 */
export function recordRuleSet(context: RunContext, shapes: ShapeSource, rules: RuleSet, table: TradeTableBuilder, window: TradeWindow): BacktestMetrics {
  const totals = new TradeTotals();
  const { days } = context;
  walkTrades(context, shapes, rules, (shape, step, qty, maxLossPerContract, costs, slot) => {
    // addTrade's terms, in its order, so a window's metrics are those of the kept trades to the last bit.
    const pnl = (shape.credit - exitDebit(shape, step)) * 100 * qty - costs.total;
    const exit = exitIndex(shape, step);
    const maxLoss = maxLossPerContract * qty;
    const expectedValue = shape.expectedValuePerContract * qty;
    table.add(slot, exit, pnl, maxLoss, expectedValue);
    if (inWindow(window, slot, exit)) totals.add(pnl, maxLoss, expectedValue, (days[exit] ?? 0) - (days[shape.entry.index] ?? 0), costs.total);
  });
  table.endRuleSet();
  return metricsOf(totals, { pops: [], maxDrawdown: 0, skippedEntries: 0 });
}

/** Records a simulated rule set's trades in `table`, as `recordRuleSet` does. */
export function recordSimulated(simulated: Simulated, table: TradeTableBuilder): void {
  for (const trade of simulated.taken) table.add(trade.slot, trade.exit.index, tradePnl(trade), trade.maxLossPerContract * trade.qty, trade.shape.expectedValuePerContract * trade.qty);
  table.endRuleSet();
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
      costs: trade.costs,
      pnl: tradePnl(trade),
      maxLoss: maxLossPerContract * qty,
      popAtEntry: pops[i] ?? 0,
      expectedValue: shape.expectedValuePerContract * qty,
      ivRankAtEntry: shape.entry.ivRank,
    };
  });
  return { rules, metrics: metricsWith(context, taken, simulated.skipped, pops), trades };
}
