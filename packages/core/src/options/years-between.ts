const MS_PER_YEAR = 365 * 24 * 60 * 60 * 1000;

/**
 * Calendar time between two instants in years: calendar days ÷ 365 with the intraday fraction
 * (options-math §2.1 and §5 item 4: measure to the 16:00 ET expiry close). Negative when `toMs` is before `fromMs`.
 *
 * @example yearsBetween(Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 15, 21)) // (45 + 21/24) / 365 ≈ 0.1257
 */
export function yearsBetween(fromMs: number, toMs: number): number {
  return (toMs - fromMs) / MS_PER_YEAR;
}
