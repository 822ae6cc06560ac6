import { DAY_MS, civil, dayOf, nthWeekday, parseDay, weekday } from './days.js';

const SATURDAY = 6;
const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const holidayCache = new Map<number, ReadonlySet<number>>();
const earlyCloseCache = new Map<number, ReadonlySet<number>>();

function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return dayOf(year, month, ((h + l - 7 * m + 114) % 31) + 1);
}

function observed(day: number): number {
  const dow = weekday(day);
  return dow === SATURDAY ? day - 1 : dow === SUNDAY ? day + 1 : day;
}

/** The NYSE's full-day holidays of a year (regular rules; one-off closures are not modelled). */
export function holidays(year: number): ReadonlySet<number> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const newYear = dayOf(year, 1, 1);
  const days = [
    weekday(newYear) === SATURDAY ? undefined : observed(newYear),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    easterSunday(year) - 2,
    nthWeekday(year, 5, 1, -1),
    year >= 2022 ? observed(dayOf(year, 6, 19)) : undefined,
    observed(dayOf(year, 7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(dayOf(year, 12, 25)),
  ].filter((day): day is number => day !== undefined);
  const set = new Set(days);
  holidayCache.set(year, set);
  return set;
}

/** Whether the exchange holds a regular session that day. */
export function isTradingDay(day: number): boolean {
  const dow = weekday(day);
  return dow !== SATURDAY && dow !== SUNDAY && !holidays(civil(day).year).has(day);
}

/**
 * The NYSE's early closes (13:00 New York) of a year, by its regular rules: the day after Thanksgiving,
 * Christmas Eve, and July 3 when Independence Day falls on a Tuesday to Friday — each only when it is a
 * trading day (a Christmas Eve or July 3 that is itself the observed holiday closes all day).
 */
export function earlyCloses(year: number): ReadonlySet<number> {
  const cached = earlyCloseCache.get(year);
  if (cached) return cached;
  const julyThird = dayOf(year, 7, 3);
  const candidates = [
    nthWeekday(year, 11, THURSDAY, 4) + 1,
    dayOf(year, 12, 24),
    weekday(julyThird) >= MONDAY && weekday(julyThird) <= THURSDAY ? julyThird : undefined,
  ];
  const set = new Set(candidates.filter((day): day is number => day !== undefined && isTradingDay(day)));
  earlyCloseCache.set(year, set);
  return set;
}

/** Whether the regular session of a trading day ends at 13:00 New York instead of 16:00. */
export function isEarlyClose(day: number): boolean {
  return earlyCloses(civil(day).year).has(day);
}

/** The trading day on or before `day`. */
export function tradingDayOnOrBefore(day: number): number {
  let d = day;
  while (!isTradingDay(d)) d--;
  return d;
}

function isDaylightTime(day: number): boolean {
  const { year } = civil(day);
  return year >= 2007 && day >= nthWeekday(year, 3, SUNDAY, 2) && day < nthWeekday(year, 11, SUNDAY, 1);
}

/** Hours New York is behind UTC on that day (US daylight-saving rules since 2007). */
export function easternOffsetHours(day: number): number {
  return isDaylightTime(day) ? 4 : 5;
}

/** The exchange-time (New York) date of an instant, in days since 1970-01-01. */
export function easternDay(ms: number): number {
  const estDay = Math.floor((ms - 5 * 3_600_000) / DAY_MS);
  return Math.floor((ms - easternOffsetHours(estDay) * 3_600_000) / DAY_MS);
}

/** The instant of a New York wall-clock time on a day. */
export function easternTime(day: number, hours: number, minutes = 0): number {
  return day * DAY_MS + (hours + easternOffsetHours(day)) * 3_600_000 + minutes * 60_000;
}

/** When the regular session of a day opens (09:30 New York). */
export function sessionOpen(day: number): number {
  return easternTime(day, 9, 30);
}

/** When the regular session of a day closes, and options expiring that day stop trading (16:00 New York; 13:00 on an early close). */
export function sessionClose(day: number): number {
  return easternTime(day, isEarlyClose(day) ? 13 : 16);
}

/** Whether the exchange's regular session is under way at an instant (opening bell included, closing bell not). */
export function isRegularSession(ms: number): boolean {
  const day = easternDay(ms);
  return isTradingDay(day) && ms >= sessionOpen(day) && ms < sessionClose(day);
}

/** When the next regular session opens, strictly after `ms` (the session under way, if any, has already opened). */
export function nextSessionOpen(ms: number): number {
  let day = easternDay(ms);
  while (!isTradingDay(day) || sessionOpen(day) <= ms) day++;
  return sessionOpen(day);
}

/** When the last regular session closed, at or before `ms`. */
export function lastSessionClose(ms: number): number {
  let day = easternDay(ms);
  while (!isTradingDay(day) || sessionClose(day) > ms) day--;
  return sessionClose(day);
}

/** The instant an option expiring on a 'YYYY-MM-DD' date stops trading, or undefined for a malformed date. */
export function expiryClose(expiry: string): number | undefined {
  const day = parseDay(expiry);
  return day === undefined ? undefined : sessionClose(day);
}

/** Calendar days from the New York date of `nowMs` to the expiry date (0 on expiry day), or undefined for a malformed date. */
export function daysToExpiry(expiry: string, nowMs: number): number | undefined {
  const day = parseDay(expiry);
  return day === undefined ? undefined : day - easternDay(nowMs);
}
