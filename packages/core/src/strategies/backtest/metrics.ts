import type { BacktestMetrics } from '../types.js';

/** What the metrics are taken from, one value per trade in entry order (dollars; days in calendar days). */
export interface TradeFigures {
  readonly pnls: readonly number[];
  readonly maxLosses: readonly number[];
  readonly expectedValues: readonly number[];
  readonly daysHeld: readonly number[];
  /** Probabilities of profit at entry; empty when not computed yet (popAtEntry is then 0). */
  readonly pops: readonly number[];
  readonly maxDrawdown: number;
  readonly skippedEntries: number;
}

const finite = (value: number): number => (Number.isFinite(value) ? value : 0);
const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : sum(values) / values.length);

/** A rule set's metrics. Every ratio and mean is 0 without trades; nothing is NaN or infinite. */
export function metricsOf(figures: TradeFigures): BacktestMetrics {
  const { pnls } = figures;
  const totalPnl = sum(pnls);
  const totalMaxLoss = sum(figures.maxLosses);
  return {
    trades: pnls.length,
    winRate: finite(mean(pnls.map((pnl) => (pnl > 0 ? 1 : 0)))),
    averagePnl: finite(mean(pnls)),
    totalPnl: finite(totalPnl),
    returnOnRisk: totalMaxLoss > 0 ? finite(totalPnl / totalMaxLoss) : 0,
    maxDrawdown: finite(figures.maxDrawdown),
    popAtEntry: finite(mean(figures.pops)),
    expectedValue: finite(mean(figures.expectedValues)),
    worstTrade: finite(pnls.reduce((worst, pnl) => Math.min(worst, pnl), pnls.length === 0 ? 0 : Number.POSITIVE_INFINITY)),
    averageDaysHeld: finite(mean(figures.daysHeld)),
    skippedEntries: figures.skippedEntries,
  };
}
