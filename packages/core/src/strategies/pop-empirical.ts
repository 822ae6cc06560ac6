import { finishAbove } from '../options/index.js';
import type { EntryContext, PopFunction } from './types.js';

const TRADING_DAYS_PER_YEAR = 252;
const CALENDAR_DAYS_PER_YEAR = 365;
/** Fewer past windows than this and the history says too little; the lognormal POP answers instead. */
export const MIN_EMPIRICAL_WINDOWS = 60;

/** Sessions in a holding period of `dte` calendar days: round(dte · 252/365), at least 1. */
export function holdingSessions(dte: number): number {
  return Math.max(1, Math.round((dte * TRADING_DAYS_PER_YEAR) / CALENDAR_DAYS_PER_YEAR));
}

/** N(d2(BE_low)) − N(d2(BE_high)) at the entry session's ATM volatility, flat (options-math §2.3). */
function lognormalFallback(entry: EntryContext, close: number, atmVol: number, low: number, high: number): number {
  const { rate, dividendYield } = entry.history;
  const years = entry.dte / CALENDAR_DAYS_PER_YEAR;
  const pop = finishAbove(close, low, years, rate, dividendYield, atmVol) - finishAbove(close, high, years, rate, dividendYield, atmVol);
  return Math.max(0, pop);
}

/**
 * The empirical (historical-bootstrap) probability of profit at expiry: the share of past windows of
 * h sessions (h = `holdingSessions(dte)`) whose return, applied to the entry close, ends strictly
 * between the breakevens (short put − credit, short call + credit).
 *
 * Only sessions up to and including the entry session are read, so there is no look-ahead: the
 * windows are close[j] → close[j + h] for every j with j + h ≤ index (overlapping, one per start
 * session). Closes are not adjusted for dividends. With fewer than `MIN_EMPIRICAL_WINDOWS` (60)
 * windows it falls back to the lognormal breakeven POP at the entry session's ATM volatility, flat,
 * under the risk-neutral drift r − q.
 *
 * @example
 * // 500 sessions of history, a 45-DTE entry at index 400: 400 − 31 + 1 = 370 windows of 31 sessions
 * empiricalPop({ history, index: 400, dte: 45, strikes, credit: 1.2, rules }); // e.g. 0.74
 */
export const empiricalPop: PopFunction = (entry) => {
  const { sessions } = entry.history;
  const session = sessions[entry.index];
  if (session === undefined) throw new RangeError(`entry index ${entry.index} is outside the history`);
  const low = entry.strikes.shortPut - entry.credit;
  const high = entry.strikes.shortCall + entry.credit;
  const horizon = holdingSessions(entry.dte);
  const windows = entry.index - horizon + 1;
  if (windows < MIN_EMPIRICAL_WINDOWS) return lognormalFallback(entry, session.close, session.atmVol, low, high);
  let between = 0;
  for (let start = 0; start < windows; start++) {
    const from = sessions[start]?.close ?? Number.NaN;
    const to = sessions[start + horizon]?.close ?? Number.NaN;
    const landed = session.close * (to / from);
    if (landed > low && landed < high) between++;
  }
  return between / windows;
};
