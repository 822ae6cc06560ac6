import type { DailyBar, IvPoint } from '../ports/market-data.js';
import { realisedVolatility } from './realised-volatility.js';

/** How far the implied-to-realised ratio may scale the proxy: beyond this, one odd day's chain would set the whole history. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 3;

/**
 * A stand-in for the 30-day ATM implied-volatility history of a provider that keeps none: each
 * session's one-month realised volatility, scaled by the ratio today's ATM implied volatility bears
 * to today's realised volatility (1 when today's is unknown; clamped to 0.5–3). The level then matches
 * today's market while the path follows the realised moves; sessions without a month of returns before
 * them are left out.
 *
 * @example
 * realisedVolatilityProxy(bars, 0.18) // [{ date: '2025-02-04', volatility: 0.151 }, …] ending at 0.18
 */
export function realisedVolatilityProxy(bars: readonly DailyBar[], atmVolToday: number | null): IvPoint[] {
  const sessions = bars.map((bar) => ({ date: bar.date, close: bar.close, atmVol: 0 }));
  const realised: IvPoint[] = [];
  sessions.forEach((session, index) => {
    const volatility = realisedVolatility(sessions, index);
    if (volatility !== null && volatility > 0) realised.push({ date: session.date, volatility });
  });
  const latest = realised.at(-1)?.volatility;
  const ratio = latest !== undefined && atmVolToday !== null && atmVolToday > 0 ? clamp(atmVolToday / latest, MIN_RATIO, MAX_RATIO) : 1;
  return realised.map((point) => ({ date: point.date, volatility: point.volatility * ratio }));
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));
