import { civil, easternDay, isTradingDay, nthWeekday, sessionClose, tradingDayOnOrBefore, weekday } from '@condor/core';

const FRIDAY = 5;
const WEEKLY_HORIZON_DAYS = 56;
const MONTHLY_HORIZON_MONTHS = 13;

const settle = (friday: number): number => (isTradingDay(friday) ? friday : tradingDayOnOrBefore(friday));

function monthly(year: number, month: number): number {
  return settle(nthWeekday(year, month, FRIDAY, 3));
}

/** Whether the expiration is a standard monthly one (the third Friday, or the Thursday before a holiday). */
export function isMonthlyExpiry(day: number): boolean {
  const { year, month } = civil(day);
  return monthly(year, month) === day;
}

/**
 * Expiration days listed at `asOf` whose close is still ahead, ascending: every Friday for eight weeks,
 * the monthly third Friday for thirteen months, and the January LEAPS of the next two years. An
 * expiration falling on a holiday moves to the trading day before.
 */
export function listedExpiries(asOf: number): number[] {
  const today = easternDay(asOf);
  const { year, month } = civil(today);
  const days = new Set<number>();
  for (let day = today; day <= today + WEEKLY_HORIZON_DAYS; day++) {
    if (weekday(day) === FRIDAY) days.add(settle(day));
  }
  for (let m = 0; m <= MONTHLY_HORIZON_MONTHS; m++) {
    days.add(monthly(year + Math.floor((month - 1 + m) / 12), ((month - 1 + m) % 12) + 1));
  }
  days.add(monthly(year + 1, 1));
  days.add(monthly(year + 2, 1));
  return [...days].filter((day) => sessionClose(day) > asOf).sort((a, b) => a - b);
}
