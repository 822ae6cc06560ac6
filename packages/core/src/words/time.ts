import { DAY_MS, civil, weekday } from '../calendar/days.js';
import { easternDay, easternOffsetHours } from '../calendar/exchange-calendar.js';

/** Epoch milliseconds as an ISO-8601 UTC timestamp. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number): string => String(n).padStart(2, '0');

/**
 * An instant as New York wall-clock time in words, the exchange's time.
 * @example newYorkTime(Date.UTC(2026, 10, 23, 14, 30)) // 'Monday 23 November 2026, 09:30 New York time'
 */
export function newYorkTime(ms: number): string {
  const day = easternDay(ms);
  const minutes = Math.floor((ms - day * DAY_MS) / 60_000) - easternOffsetHours(day) * 60;
  const { year, month, dayOfMonth } = civil(day);
  return `${WEEKDAYS[weekday(day)] ?? ''} ${String(dayOfMonth)} ${MONTHS[month - 1] ?? ''} ${String(year)}, ${two(Math.floor(minutes / 60))}:${two(minutes % 60)} New York time`;
}

/**
 * A wait in words, to the minute (rounded up, so "in 1 min" is never early).
 * @example durationWords(70_000) // '2 min'; durationWords(27 * 3_600_000) // '1 d 3 h'
 */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  if (minutes === 0) return 'less than a minute';
  const [days, hours, mins] = [Math.floor(minutes / 1_440), Math.floor((minutes % 1_440) / 60), minutes % 60];
  if (days > 0) return hours > 0 ? `${String(days)} d ${String(hours)} h` : `${String(days)} d`;
  if (hours > 0) return mins > 0 ? `${String(hours)} h ${String(mins)} min` : `${String(hours)} h`;
  return `${String(mins)} min`;
}

/**
 * A short span in words, to the second.
 * @example secondsWords(10) // '10 s'; secondsWords(150) // '2 min 30 s'; secondsWords(120) // '2 min'
 */
export function secondsWords(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [hours, mins, secs] = [Math.floor(whole / 3_600), Math.floor((whole % 3_600) / 60), whole % 60];
  const parts = [hours > 0 ? `${String(hours)} h` : '', mins > 0 ? `${String(mins)} min` : '', secs > 0 ? `${String(secs)} s` : ''].filter((p) => p !== '');
  return parts.length === 0 ? '0 s' : parts.join(' ');
}
