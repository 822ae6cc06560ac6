import type { BacktestResult, BacktestSettings, MarketHistory, PopFunction, RuleSet } from '../types.js';
import { completeResult, simulateRuleSet } from './evaluate.js';
import { runContext } from './run-context.js';
import { shapeSource } from './trade-shape.js';

/**
 * Backtests one iron-condor rule set over a daily history; pure, synchronous and deterministic.
 *
 * - **Sessions are closes.** Entries are scheduled at the closes of sessions firstEntryIndex,
 *   firstEntryIndex + entryIntervalSessions, …; earlier sessions only feed IV rank and realised volatility.
 * - **Gate.** `off` always enters; `minimum` needs IV rank ≥ threshold, `maximum` IV rank ≤ threshold,
 *   `percentile_minimum` IV percentile ≥ threshold (252-session windows, today included); a null
 *   rank or percentile closes the gate.
 * - **Expiry.** Weekly Fridays (the trading day before when the Friday is a holiday). Among those with
 *   dteMin ≤ calendar DTE ≤ dteMax (and DTE ≥ 1) the one nearest rules.entryDte, the earlier on a tie.
 *   Skipped when there is none, or when its date has no session in the history (after the last
 *   session, or a gap): every trade completes inside the history.
 * - **Strikes.** Legs are priced with `quoteLeg` at { close, years = DTE/365, rate, dividendYield,
 *   session ATM IV, the history's smile and spread }. The short put is the strike on the
 *   `strikeIncrement(close)` grid below the forward whose |delta| is nearest rules.shortDelta; the
 *   short call likewise above it; the longs are rules.wingWidth further out. Skipped when the long
 *   put would be at or below 0.
 * - **Fill** at the natural price: credit = bid(short put) + bid(short call) − ask(long put) − ask(long call).
 *   Skipped when credit ≤ 0 or credit ≥ wingWidth.
 * - **Sizing.** maxLossPerContract = (wingWidth − credit)·100; qty = max(1, ⌊maxCapital·riskPerTrade /
 *   maxLossPerContract⌋), cut so that the max loss of the trades open at this close plus this trade's
 *   stays ≤ maxCapital. A trade exiting at a close frees its capital for an entry at that same close.
 *   Skipped when no contract fits.
 * - **Management**, at each close after the entry and before the expiry session: the natural debit
 *   to close, ask(shorts) − bid(longs), at that close and ATM IV with years = calendar days to expiry / 365
 *   (never below 0). Exit at the first close where profit ≥ profitTakePct·credit (`profit_take`),
 *   loss ≥ stopLossMultiple·credit (`stop_loss`), or calendar days to expiry ≤ managementDte
 *   (`management_dte`), in that priority on the same day. Otherwise settle at the expiry close at
 *   the condor's intrinsic value, without spread (`expiry`).
 * - **Per trade:** pnl = (credit − exit debit)·100·qty; maxLoss = maxLossPerContract·qty; popAtEntry =
 *   `pop` at the entry; expectedValue = (credit − E[payout at expiry])·100·qty under the lognormal
 *   with the entry's 21-session realised volatility (the ATM IV when there is too little history),
 *   as `ironCondorStats` computes it; ivRankAtEntry.
 * - **Metrics:** winRate = share of trades with pnl > 0; returnOnRisk = total P/L / Σ maxLoss;
 *   maxDrawdown from the daily curve maxCapital + closed P/L + open trades marked at each close's
 *   natural debit; averageDaysHeld in calendar days; skippedEntries counts every scheduled entry
 *   without a trade. All are 0 without trades, and never NaN or infinite.
 *
 * @example
 * const result = backtest(history, { shortDelta: 0.16, wingWidth: 5, entryDte: 45, profitTakePct: 0.5,
 *   managementDte: 21, stopLossMultiple: null }, settings, lognormalPop);
 * result.metrics.totalPnl; // e.g. 1830.5
 */
export function backtest(history: MarketHistory, rules: RuleSet, settings: BacktestSettings, pop: PopFunction): BacktestResult {
  const context = runContext(history, settings);
  // completeResult computes the metrics, drawdown included, from the trades: the simulation need not.
  return completeResult(context, simulateRuleSet(context, shapeSource(context, rules.shortDelta, [rules.wingWidth]), rules, { drawdown: false }), pop);
}
