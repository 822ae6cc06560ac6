const DAY_MS = 86_400_000;

/** Whether US Eastern time observes daylight saving on that UTC date (second Sunday of March to first Sunday of November). */
function easternDaylightTime(year: number, month: number, day: number): boolean {
  const nthSunday = (m: number, n: number): number => {
    const first = new Date(Date.UTC(year, m, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (n - 1);
  };
  const date = Date.UTC(year, month, day);
  return date >= Date.UTC(year, 2, nthSunday(2, 2)) && date < Date.UTC(year, 10, nthSunday(10, 1));
}

/** The epoch ms of an expiry date's 16:00 New York close. */
export function expiryCloseMs(expiry: string): number {
  const [year, month, day] = expiry.split('-').map(Number) as [number, number, number];
  const offsetHours = easternDaylightTime(year, month - 1, day) ? 4 : 5;
  return Date.UTC(year, month - 1, day, 16 + offsetHours);
}

/** Calendar days from the New York date of `nowMs` to the expiry date. */
export function daysToExpiry(expiry: string, nowMs: number): number {
  const [year, month, day] = expiry.split('-').map(Number) as [number, number, number];
  const newYork = new Date(nowMs - (easternDaylightTime(...utcParts(nowMs)) ? 4 : 5) * 3_600_000);
  const today = Date.UTC(newYork.getUTCFullYear(), newYork.getUTCMonth(), newYork.getUTCDate());
  return Math.round((Date.UTC(year, month - 1, day) - today) / DAY_MS);
}

const utcParts = (ms: number): [number, number, number] => {
  const d = new Date(ms);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
};

/** Years (of 365 days) from now to the expiry close, including the intraday fraction. */
export const yearsToExpiry = (expiry: string, nowMs: number): number => (expiryCloseMs(expiry) - nowMs) / (365 * DAY_MS);
