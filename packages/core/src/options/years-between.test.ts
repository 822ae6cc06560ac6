import { describe, expect, it } from 'vitest';
import { yearsBetween } from './years-between.js';

describe('yearsBetween', () => {
  it('counts calendar days over 365 with the intraday fraction', () => {
    expect(yearsBetween(Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toBe(1);
    expect(yearsBetween(Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 15, 21))).toBeCloseTo((45 + 21 / 24) / 365, 15);
    expect(yearsBetween(0, 12 * 60 * 60 * 1000)).toBeCloseTo(0.5 / 365, 15);
  });

  it('is negative when the end is before the start', () => {
    expect(yearsBetween(Date.UTC(2026, 0, 2), Date.UTC(2026, 0, 1))).toBeCloseTo(-1 / 365, 15);
  });
});
