import type { BacktestMetrics, Objective } from '../types.js';

/** A rule set's score under an objective; higher is better. pnl_to_drawdown divides by at least $1. */
export function objectiveValue(objective: Objective, metrics: BacktestMetrics): number {
  switch (objective) {
    case 'return_on_risk':
      return metrics.returnOnRisk;
    case 'total_pnl':
      return metrics.totalPnl;
    case 'expected_value':
      return metrics.expectedValue;
    case 'win_rate':
      return metrics.winRate;
    case 'pnl_to_drawdown':
      return metrics.totalPnl / Math.max(metrics.maxDrawdown, 1);
  }
}
