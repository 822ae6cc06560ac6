import { SeededRandom, hashString, mixSeed } from '@condor/core';
import type { DailySeries } from './series.js';
import type { SimSymbol } from './universe.js';

/** Half-hour steps of the regular session (09:30–16:00). */
export const SESSION_STEPS = 13;
/** The share of a day's close-to-close volatility the price moves within the regular session. */
export const SESSION_VOLATILITY_SHARE = 0.6;
const SQRT_DT = Math.sqrt(1 / 252);

/** One session of a symbol: its price at each half hour, its bar and the IV at either end. */
export interface SimSession {
  readonly day: number;
  /** Dollar prices at 09:30, 10:00, … 16:00 (SESSION_STEPS + 1 knots; quotes interpolate linearly). */
  readonly knots: readonly number[];
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  /** The previous session's close, dollars. */
  readonly previousClose: number;
  /** 30-day ATM IV at the previous close and at this close. */
  readonly ivBefore: number;
  readonly ivAfter: number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Builds a session from the daily series: a Brownian bridge from the open to the close at half-hour
 * knots, seeded by (seed, symbol, day) alone. Undefined for days without a session or before the first
 * (which has no previous close).
 */
export function simSession(spec: SimSymbol, series: DailySeries, seed: number, day: number): SimSession | undefined {
  const state = series.state(day);
  const before = series.previous(day);
  if (!state || !before) return undefined;
  const random = new SeededRandom(mixSeed(seed, hashString(spec.symbol), day, 2));
  const logOpen = before.logClose + state.gap;
  const sigma = Math.exp(before.logIv) * SQRT_DT * SESSION_VOLATILITY_SHARE;
  const walk = [0];
  for (let k = 1; k <= SESSION_STEPS; k++) walk.push((walk[k - 1] ?? 0) + random.normal() / Math.sqrt(SESSION_STEPS));
  const end = walk[SESSION_STEPS] ?? 0;
  const knots = walk.map((w, k) => {
    const t = k / SESSION_STEPS;
    return series.price(logOpen + t * (state.logClose - logOpen) + sigma * (w - t * end));
  });
  const close = series.price(state.logClose);
  const previousClose = series.price(before.logClose);
  const dailyMove = Math.abs(Math.log(close / previousClose)) / (Math.exp(before.logIv) * SQRT_DT);
  return {
    day,
    knots,
    open: round2(knots[0] ?? close),
    high: round2(Math.max(...knots)),
    low: round2(Math.min(...knots)),
    close: round2(close),
    volume: Math.round(spec.averageVolume * Math.exp(0.25 * random.normal()) * (0.7 + 0.3 * dailyMove)),
    previousClose: round2(previousClose),
    ivBefore: Math.exp(before.logIv),
    ivAfter: Math.exp(state.logIv),
  };
}
