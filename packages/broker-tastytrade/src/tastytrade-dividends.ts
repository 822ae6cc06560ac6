import type { Dividend } from '@condor/core';
import type { WireMetrics, WireOccurrence } from './tastytrade-market-wire.js';

/** A range of dates asked about, and today, all YYYY-MM-DD in New York. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
  readonly today: string;
}

/**
 * Past dividends by ex-date (amounts of one date added up), with the metrics' upcoming ex-date if not among them;
 * null when that upcoming ex-date has no amount to go by.
 * @example
 * dividendsIn(metrics, [{ date: '2026-03-20', amount: 1.75 }], { from: '2026-01-01', to: '2026-12-31', today: '2026-05-01' });
 * // with metrics.dividendExDate '2026-06-20': [{ exDate: '2026-03-20', amount: 1.75 }, { exDate: '2026-06-20', amount: 1.75 }]
 */
export function dividendsIn(metrics: WireMetrics | null, paid: readonly WireOccurrence[], range: DayRange): Dividend[] | null {
  const byDate = new Map<string, number>();
  for (const { date, amount } of paid) if (amount !== undefined && amount > 0) byDate.set(date, (byDate.get(date) ?? 0) + amount);
  const upcoming = metrics?.dividendExDate ?? null;
  if (upcoming !== null && upcoming >= range.today && !byDate.has(upcoming)) {
    // Regular dividends repeat: the next one at the last amount paid, the closest the metrics allow.
    const last = [...byDate].sort(([a], [b]) => (a < b ? -1 : 1)).at(-1);
    if (last === undefined) return null;
    byDate.set(upcoming, last[1]);
  }
  return [...byDate]
    .filter(([date]) => date >= range.from && date <= range.to)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([exDate, amount]) => ({ exDate, amount: Math.round(amount * 1e6) / 1e6 }));
}
