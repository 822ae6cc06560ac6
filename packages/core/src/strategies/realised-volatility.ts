import type { HistorySession } from './types.js';

/** Trading days per year, to annualise a daily standard deviation. */
const SESSIONS_PER_YEAR = 252;
/** About a month of trading days. */
export const REALISED_VOLATILITY_WINDOW = 21;

/**
 * Annualised realised volatility at a session's close: the sample standard deviation (n − 1) of the
 * `window` close-to-close log returns ending at `index`, × √252. Null when fewer than `window`
 * returns end there, when `window` < 2, or when a close is not positive.
 *
 * @example
 * realisedVolatility(sessions, 300) // 0.18 for a month of ±1.1 % days
 */
export function realisedVolatility(sessions: readonly HistorySession[], index: number, window = REALISED_VOLATILITY_WINDOW): number | null {
  if (!Number.isInteger(window) || window < 2 || !Number.isInteger(index) || index - window < 0 || index >= sessions.length) return null;
  const returns: number[] = [];
  for (let i = index - window + 1; i <= index; i++) {
    const previous = sessions[i - 1]?.close ?? 0;
    const close = sessions[i]?.close ?? 0;
    if (!(previous > 0 && close > 0)) return null;
    returns.push(Math.log(close / previous));
  }
  const mean = returns.reduce((sum, value) => sum + value, 0) / window;
  const variance = returns.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (window - 1);
  return Math.sqrt(variance * SESSIONS_PER_YEAR);
}
