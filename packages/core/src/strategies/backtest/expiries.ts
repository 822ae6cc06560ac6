import { weekday } from '../../calendar/days.js';
import { tradingDayOnOrBefore } from '../../calendar/exchange-calendar.js';

const FRIDAY = 5;

/** A listed expiry as seen from an entry: its date (days since 1970-01-01) and calendar days to it. */
export interface ExpiryChoice {
  readonly day: number;
  readonly dte: number;
}

/**
 * The weekly expiries an entry on `entryDay` may trade: every Friday, or the trading day before it
 * when the Friday is a holiday, with dteMin ≤ DTE ≤ dteMax and at least one day out (an expiry on
 * the entry day itself would be entered and settled at the same close). Ascending.
 */
export function weeklyExpiries(entryDay: number, dteMin: number, dteMax: number): ExpiryChoice[] {
  const choices: ExpiryChoice[] = [];
  if (!Number.isFinite(entryDay)) return choices;
  const firstFriday = entryDay + ((FRIDAY - weekday(entryDay) + 7) % 7);
  for (let friday = firstFriday; tradingDayOnOrBefore(friday) - entryDay <= dteMax; friday += 7) {
    const day = tradingDayOnOrBefore(friday);
    const dte = day - entryDay;
    if (dte >= Math.max(1, dteMin)) choices.push({ day, dte });
  }
  return choices;
}

/** The expiry whose DTE is nearest the target; on a tie the earlier one; undefined when there is none. */
export function nearestExpiry(choices: readonly ExpiryChoice[], targetDte: number): ExpiryChoice | undefined {
  let best: ExpiryChoice | undefined;
  for (const choice of choices) {
    if (best === undefined || Math.abs(choice.dte - targetDte) < Math.abs(best.dte - targetDte)) best = choice;
  }
  return best;
}
