import { describe, expect, it } from 'vitest';
import { strikeGrid } from './strikes.js';

const steps = (strikes: readonly number[]): Set<number> => new Set(strikes.slice(1).map((s, i) => s - strikes[i]!));

describe('strike grids', () => {
  it('uses dollar strikes near the money of an ETF above $250 and fives further out', () => {
    const strikes = strikeGrid(681.92, 'etf', 0.045);
    expect(strikes).toContain(682);
    expect(strikes).toContain(681);
    expect(strikes).not.toContain(601);
    expect(strikes).toContain(600);
    expect(Math.max(...steps(strikes))).toBe(5);
    expect(Math.min(...steps(strikes))).toBe(1);
    expect(strikes[0]).toBeLessThan(681.92 * 0.85);
    expect(strikes.at(-1)).toBeGreaterThan(681.92 * 1.1);
  });

  it('uses fives near the money of a stock above $250 and dollars below', () => {
    expect(Math.min(...steps(strikeGrid(484, 'stock', 0.07)))).toBe(5);
    expect(Math.max(...steps(strikeGrid(484, 'stock', 0.07)))).toBe(10);
    expect(strikeGrid(188.5, 'stock', 0.1)).toContain(189);
    expect(strikeGrid(21.3, 'stock', 0.1)).toContain(21.5);
  });

  it('widens the range with the standard deviation', () => {
    const short = strikeGrid(100, 'stock', 0.05);
    const long = strikeGrid(100, 'stock', 0.3);
    expect(long[0]).toBeLessThan(short[0]!);
    expect(long.at(-1)).toBeGreaterThan(short.at(-1)!);
  });
});
