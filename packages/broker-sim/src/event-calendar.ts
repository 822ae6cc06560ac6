import { SeededRandom, formatDay, hashString, mixSeed, parseDay, tradingDayOnOrBefore } from '@condor/core';
import type { CorporateEvents, Dividend } from '@condor/core';
import { ANCHOR_DATE, tradeableSpec, type SimSymbol } from './universe.js';

const QUARTER_DAYS = 91;
const EARNINGS_JITTER_DAYS = 3;
const ANCHOR_DAY = parseDay(ANCHOR_DATE) ?? 0;

/**
 * The days of a quarterly schedule from `from` to `to`, both inclusive: the `k`-th falls `offset` days into the
 * `k`-th quarter after the anchor, moved by `jitter(k)` and then back to a trading day. Each date depends on
 * (symbol, k) alone, so any range sees the same dates.
 */
function quarterly(from: number, to: number, offset: number, jitter: (k: number) => number): number[] {
  const days: number[] = [];
  const first = Math.floor((from - ANCHOR_DAY) / QUARTER_DAYS) - 1;
  const last = Math.ceil((to - ANCHOR_DAY) / QUARTER_DAYS) + 1;
  for (let k = first; k <= last; k++) {
    const day = tradingDayOnOrBefore(ANCHOR_DAY + k * QUARTER_DAYS + offset + jitter(k));
    if (day >= from && day <= to) days.push(day);
  }
  return days;
}

function earningsDays(spec: SimSymbol, from: number, to: number): number[] {
  // Funds report no earnings: an ETF's list is known to be empty.
  if (spec.kind === 'etf') return [];
  const key = hashString(`${spec.symbol}:earnings`);
  const jitter = (k: number): number =>
    Math.floor(new SeededRandom(mixSeed(key, k)).uniform() * (2 * EARNINGS_JITTER_DAYS + 1)) - EARNINGS_JITTER_DAYS;
  return quarterly(from, to, key % QUARTER_DAYS, jitter);
}

function dividends(spec: SimSymbol, from: number, to: number): Dividend[] {
  if (spec.dividendYield <= 0) return [];
  const amount = Math.max(1, Math.round((spec.price * spec.dividendYield * 100) / 4)) / 100;
  const offset = hashString(`${spec.symbol}:ex-dividend`) % QUARTER_DAYS;
  return quarterly(from, to, offset, () => 0).map((day) => ({ exDate: formatDay(day), amount }));
}

/** The events of a simulated symbol between two days (days since 1970-01-01), both inclusive, ascending. */
export function calendarEvents(spec: SimSymbol, from: number, to: number): CorporateEvents {
  return { earnings: earningsDays(spec, from, to).map(formatDay), dividends: dividends(spec, from, to) };
}

/**
 * The simulated market's earnings dates and cash dividends of a tradeable symbol from `fromDate` to `toDate`
 * (both inclusive, 'YYYY-MM-DD'), ascending, as `SimMarketData.events` answers; undefined for an unknown symbol
 * or a malformed date. Stocks report earnings about every 91 days and ETFs never; names with a dividend yield pay
 * a quarter of it (on the anchored price) each quarter. Every date is a trading day and depends on the ticker
 * alone, not on the market's seed, so tests can look up the dates a scenario needs.
 * @example const exDividend = simulatedEvents('XOM', '2026-03-02', '2026-06-30')?.dividends?.[0]; // { exDate, amount }
 */
export function simulatedEvents(symbol: string, fromDate: string, toDate: string): CorporateEvents | undefined {
  const spec = tradeableSpec(symbol);
  const from = parseDay(fromDate);
  const to = parseDay(toDate);
  if (!spec || from === undefined || to === undefined) return undefined;
  return calendarEvents(spec, from, to);
}
