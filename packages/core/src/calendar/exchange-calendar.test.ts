import { describe, expect, it } from 'vitest';
import { formatDay, parseDay } from './days.js';
import {
  earlyCloses,
  easternDay,
  easternOffsetHours,
  expiryClose,
  holidays,
  isRegularSession,
  isTradingDay,
  lastSessionClose,
  nextSessionOpen,
  sessionClose,
  sessionOpen,
} from './exchange-calendar.js';

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

  it('closes early at 13:00 New York the day after Thanksgiving, on Christmas Eve and on July 3 before a weekday Independence Day', () => {
    const early = (year: number): string[] => [...earlyCloses(year)].sort((a, b) => a - b).map(formatDay);
    expect(early(2025)).toEqual(['2025-07-03', '2025-11-28', '2025-12-24']);
    // July 3 2026 is the observed holiday (the 4th is a Saturday): no early close that week.
    expect(early(2026)).toEqual(['2026-11-27', '2026-12-24']);
    // The 4th on a Tuesday: Monday July 3 closes early.
    expect(early(2023)).toEqual(['2023-07-03', '2023-11-24']);
    // The 4th on a Monday: Friday July 1 trades a full day; Christmas Eve on a Saturday closes nothing.
    expect(early(2022)).toEqual(['2022-11-25']);
    // Christmas on a Saturday: Friday the 24th is the observed holiday, not an early close.
    expect(early(2021)).toEqual(['2021-11-26']);
    expect(early(2024)).toEqual(['2024-07-03', '2024-11-29', '2024-12-24']);
    expect(sessionClose(day('2026-11-27'))).toBe(Date.UTC(2026, 10, 27, 18));
    expect(sessionClose(day('2025-07-03'))).toBe(Date.UTC(2025, 6, 3, 17));
    expect(expiryClose('2026-12-24')).toBe(Date.UTC(2026, 11, 24, 18));
    expect(sessionClose(day('2026-11-25'))).toBe(Date.UTC(2026, 10, 25, 21));
  });

  it('knows whether the regular session is under way, and when the next opens and the last closed', () => {
    const friday = day('2026-11-20');
    expect(isRegularSession(sessionOpen(friday) - 1)).toBe(false);
    expect(isRegularSession(sessionOpen(friday))).toBe(true);
    expect(isRegularSession(sessionClose(friday) - 1)).toBe(true);
    expect(isRegularSession(sessionClose(friday))).toBe(false);
    expect(isRegularSession(Date.UTC(2026, 10, 22, 17))).toBe(false);
    expect(isRegularSession(Date.UTC(2026, 10, 27, 17, 59))).toBe(true);
    expect(isRegularSession(Date.UTC(2026, 10, 27, 18))).toBe(false);
    const sunday = Date.UTC(2026, 10, 22, 19, 3);
    expect(nextSessionOpen(sunday)).toBe(Date.UTC(2026, 10, 23, 14, 30));
    expect(lastSessionClose(sunday)).toBe(Date.UTC(2026, 10, 20, 21));
    expect(nextSessionOpen(sessionOpen(friday))).toBe(Date.UTC(2026, 10, 23, 14, 30));
    expect(nextSessionOpen(sessionOpen(friday) - 1)).toBe(sessionOpen(friday));
    expect(lastSessionClose(sessionClose(friday))).toBe(sessionClose(friday));
    // Over Thanksgiving: Wednesday's close, then Friday's half day.
    expect(nextSessionOpen(Date.UTC(2026, 10, 26, 15))).toBe(Date.UTC(2026, 10, 27, 14, 30));
    expect(lastSessionClose(Date.UTC(2026, 10, 27, 20))).toBe(Date.UTC(2026, 10, 27, 18));
    expect(lastSessionClose(Date.UTC(2026, 10, 26, 15))).toBe(Date.UTC(2026, 10, 25, 21));
  });
});
