/** Milliseconds in a calendar day. */
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date, or undefined when the text is not a valid date. */
export function parseDay(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = dayOf(year, month, day);
  return formatDay(days) === date ? days : undefined;
}

/** Days since 1970-01-01 of a civil date (month 1–12). */
export function dayOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** 'YYYY-MM-DD' of days since 1970-01-01. */
export function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The civil year, month (1–12) and day of the month. */
export function civil(day: number): { year: number; month: number; dayOfMonth: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, dayOfMonth: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
export function nthWeekday(year: number, month: number, dow: number, n: number): number {
  if (n < 0) {
    const last = dayOf(year, month + 1, 0);
    return last - ((weekday(last) - dow + 7) % 7);
  }
  const first = dayOf(year, month, 1);
  return first + ((dow - weekday(first) + 7) % 7) + 7 * (n - 1);
}
