import { describe, expect, it } from 'vitest';
import { dayOf, formatDay } from '../../calendar/days.js';
import { nearestExpiry, weeklyExpiries } from './expiries.js';

const choices = (entry: string, dteMin: number, dteMax: number) => {
  const [y, m, d] = entry.split('-').map(Number);
  return weeklyExpiries(dayOf(y!, m!, d!), dteMin, dteMax).map(({ day, dte }) => [formatDay(day), dte]);
};

describe('weeklyExpiries', () => {
  it('lists the Fridays within dte_min..dte_max', () => {
    // Tuesday 2 Jan 2024: Fridays are 3, 10, 17, 24, 31, 38 days out.
    expect(choices('2024-01-02', 10, 31)).toEqual([['2024-01-12', 10], ['2024-01-19', 17], ['2024-01-26', 24], ['2024-02-02', 31]]);
  });

  it('moves a holiday Friday to the trading day before', () => {
    // Good Friday 29 Mar 2024: that week's expiry is Thursday 28 Mar.
    expect(choices('2024-03-01', 26, 35)).toEqual([['2024-03-28', 27], ['2024-04-05', 35]]);
  });

  it('never lists the entry day itself', () => {
    expect(choices('2024-01-05', 0, 7)).toEqual([['2024-01-12', 7]]);
  });
});

describe('nearestExpiry', () => {
  const list = [{ day: 10, dte: 24 }, { day: 17, dte: 31 }, { day: 24, dte: 38 }];
  it('takes the DTE nearest the target, the earlier on a tie', () => {
    expect(nearestExpiry(list, 30)?.dte).toBe(31);
    expect(nearestExpiry(list, 34.5)?.dte).toBe(31);
    expect(nearestExpiry(list, 27.5)?.dte).toBe(24);
    expect(nearestExpiry(list, 100)?.dte).toBe(38);
    expect(nearestExpiry([], 30)).toBeUndefined();
  });
});
