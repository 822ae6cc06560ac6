import type { HistorySession } from './types.js';

/** Trading days in the 52-week window. */
export const IV_RANK_WINDOW = 252;
/** Fewer points than this in the window is "insufficient history" (options-math §2.7). */
const MIN_POINTS = 200;

/** The ATM IVs of sessions[index − window + 1 .. index] (today last), or null when too few exist. */
function windowOf(sessions: readonly HistorySession[], index: number, window: number): number[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= sessions.length) return null;
  const from = Math.max(0, index - window + 1);
  if (index - from + 1 < Math.min(MIN_POINTS, window)) return null;
  return sessions.slice(from, index + 1).map((session) => session.atmVol);
}

/**
 * IV rank at a session's close, 0–100: 100·(IV_now − min)/(max − min) over the `window` sessions
 * ending at `index`, today included (options-math §2.7). Null when the window holds fewer than 200
 * points (or fewer than `window`, for a window under 200) or when max = min.
 *
 * @example
 * // 180 days at 20 %, 20 days at 80 %, today 30 %
 * ivRank(sessions, 200) // 16.67: one spike inflates the denominator
 */
export function ivRank(sessions: readonly HistorySession[], index: number, window = IV_RANK_WINDOW): number | null {
  const values = windowOf(sessions, index, window);
  if (values === null) return null;
  const now = values[values.length - 1] ?? 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  // The ratio first: 100 × d / d can round above 100, d / d cannot round above 1.
  return max > min ? 100 * ((now - min) / (max - min)) : null;
}

/**
 * IV percentile at a session's close, 0–100: the share of the window's days before today whose IV is
 * below today's (options-math §2.7). The same nulls as `ivRank`.
 *
 * @example
 * // 180 days at 20 %, 20 days at 80 %, today 30 %
 * ivPercentile(sessions, 200) // 90
 */
export function ivPercentile(sessions: readonly HistorySession[], index: number, window = IV_RANK_WINDOW): number | null {
  const values = windowOf(sessions, index, window);
  if (values === null) return null;
  const now = values[values.length - 1] ?? 0;
  const before = values.slice(0, -1);
  let min = now;
  let max = now;
  let below = 0;
  for (const value of before) {
    if (value < now) below++;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return max > min && before.length > 0 ? (100 * below) / before.length : null;
}
