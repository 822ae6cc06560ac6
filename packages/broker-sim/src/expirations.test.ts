import { formatDay, parseDay, sessionClose } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { isMonthlyExpiry, listedExpiries } from './expirations.js';

const day = (date: string): number => parseDay(date)!;

describe('listed expiries on the exchange calendar', () => {
  it('moves an expiry off a holiday Friday to the Thursday before', () => {
    const listed = listedExpiries(Date.UTC(2026, 2, 2, 15)).map(formatDay);
    expect(listed).toContain('2026-04-02');
    expect(listed).not.toContain('2026-04-03');
    expect(listed).toContain('2026-06-18');
    expect(isMonthlyExpiry(day('2026-06-18'))).toBe(true);
    expect(isMonthlyExpiry(day('2026-06-12'))).toBe(false);
  });

  it('drops an expiry once its session has closed', () => {
    const friday = day('2026-01-09');
    expect(listedExpiries(sessionClose(friday) - 1)[0]).toBe(friday);
    expect(listedExpiries(sessionClose(friday))[0]).not.toBe(friday);
  });
});
