import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './days.js';
import { easternDay, easternOffsetHours, holidays, isTradingDay, sessionClose, sessionOpen } from './exchange-calendar.js';

const day = (date: string): number => parseDay(date)!;

describe('the exchange calendar', () => {
  it('knows the NYSE holidays of 2026', () => {
    expect([...holidays(2026)].sort((a, b) => a - b).map(formatDay)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes weekend holidays on the nearest weekday, except a Saturday New Year', () => {
    expect(isTradingDay(day('2021-12-31'))).toBe(true);
    expect(isTradingDay(day('2021-12-24'))).toBe(false);
    expect(isTradingDay(day('2023-01-02'))).toBe(false);
    expect(isTradingDay(day('2021-06-18'))).toBe(true);
  });

  it('opens at 09:30 and closes at 16:00 New York time through daylight saving', () => {
    expect(sessionOpen(day('2026-01-05'))).toBe(Date.UTC(2026, 0, 5, 14, 30));
    expect(sessionClose(day('2026-07-06'))).toBe(Date.UTC(2026, 6, 6, 20));
    expect(easternOffsetHours(day('2026-03-06'))).toBe(5);
    expect(easternOffsetHours(day('2026-03-09'))).toBe(4);
    expect(easternOffsetHours(day('2026-11-02'))).toBe(5);
    expect(formatDay(easternDay(Date.UTC(2026, 0, 6, 3)))).toBe('2026-01-05');
  });
});
