import type { BacktestMetrics } from '../types.js';

/** Running sums over a rule set's trades in entry order (dollars, P/L after costs; days in calendar days). */
export class TradeTotals {
  trades = 0;
  wins = 0;
  pnl = 0;
  maxLoss = 0;
  expectedValue = 0;
  daysHeld = 0;
  costs = 0;
  worst = Number.POSITIVE_INFINITY;

  /** `pnl` after `costs`. */
  add(pnl: number, maxLoss: number, expectedValue: number, daysHeld: number, costs: number): void {
    this.trades++;
    this.costs += costs;
    if (pnl > 0) this.wins++;
    this.pnl += pnl;
    this.maxLoss += maxLoss;
    this.expectedValue += expectedValue;
    this.daysHeld += daysHeld;
    this.worst = Math.min(this.worst, pnl);
  }
}

/** What the metrics are taken from besides the trade totals. */
export interface MetricsExtras {
  /** Probabilities of profit at entry; empty when not computed yet (popAtEntry is then 0). */
  readonly pops: readonly number[];
  readonly maxDrawdown: number;
  readonly skippedEntries: number;
}

const finite = (value: number): number => (Number.isFinite(value) ? value : 0);
const mean = (total: number, count: number): number => (count === 0 ? 0 : total / count);

/** A rule set's metrics. Every ratio and mean is 0 without trades; nothing is NaN or infinite. */
export function metricsOf(totals: TradeTotals, extras: MetricsExtras): BacktestMetrics {
  const { trades } = totals;
  const pops = extras.pops.reduce((total, pop) => total + pop, 0);
  return {
    trades,
    totalCosts: finite(totals.costs),
    winRate: finite(mean(totals.wins, trades)),
    averagePnl: finite(mean(totals.pnl, trades)),
    totalPnl: finite(totals.pnl),
    returnOnRisk: totals.maxLoss > 0 ? finite(totals.pnl / totals.maxLoss) : 0,
    maxDrawdown: finite(extras.maxDrawdown),
    popAtEntry: finite(mean(pops, extras.pops.length)),
    expectedValue: finite(mean(totals.expectedValue, trades)),
    worstTrade: finite(trades === 0 ? 0 : totals.worst),
    averageDaysHeld: finite(mean(totals.daysHeld, trades)),
    skippedEntries: extras.skippedEntries,
  };
}
