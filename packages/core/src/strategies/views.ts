import type * as v from 'valibot';
import type { MetricsView, RulesView, StrategyView } from './schemas.js';
import type { BacktestMetrics, BacktestSettings, RuleSet } from './types.js';

const round = (value: number, places: number): number => Number(value.toFixed(places));
const dollars = (value: number): number => round(value, 2);
const ratio = (value: number): number => round(value, 4);

/** The run-level settings a rule set was backtested under, as they are shown beside its rules. */
export interface RunSettingsView {
  readonly dteMin: number;
  readonly dteMax: number;
  readonly settings: BacktestSettings;
  readonly entryIntervalDays: number;
}

export function rulesView(rules: RuleSet, run: RunSettingsView): v.InferOutput<typeof RulesView> {
  return {
    short_delta: rules.shortDelta,
    wing_width: rules.wingWidth,
    entry_dte: rules.entryDte,
    dte_min: run.dteMin,
    dte_max: run.dteMax,
    profit_take_pct: rules.profitTakePct,
    management_dte: rules.managementDte,
    stop_loss_multiple: rules.stopLossMultiple,
    iv_rank_gate_mode: run.settings.ivRankGate.mode,
    iv_rank_threshold: run.settings.ivRankGate.threshold,
    max_capital: run.settings.maxCapital,
    risk_per_trade: run.settings.riskPerTrade,
    entry_interval_days: run.entryIntervalDays,
  };
}

export function metricsView(metrics: BacktestMetrics): v.InferOutput<typeof MetricsView> {
  return {
    trades: metrics.trades,
    total_costs: dollars(metrics.totalCosts),
    win_rate: ratio(metrics.winRate),
    average_pnl: dollars(metrics.averagePnl),
    total_pnl: dollars(metrics.totalPnl),
    return_on_risk: ratio(metrics.returnOnRisk),
    max_drawdown: dollars(metrics.maxDrawdown),
    pop_at_entry: ratio(metrics.popAtEntry),
    expected_value: dollars(metrics.expectedValue),
    worst_trade: dollars(metrics.worstTrade),
    average_days_held: round(metrics.averageDaysHeld, 1),
    skipped_entries: metrics.skippedEntries,
  };
}

export type StrategyEntry = v.InferOutput<typeof StrategyView>;
