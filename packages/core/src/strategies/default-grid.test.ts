import { describe, expect, it } from 'vitest';
import { expandGrid } from './backtest/expand-grid.js';
import { strikeIncrement } from './backtest/strikes.js';
import { defaultGrid } from './default-grid.js';

describe('strikeIncrement', () => {
  it('is $0.50 below $25, $1 below $250, $5 below $1,000 and $10 from there', () => {
    expect([24.99, 25, 249.99, 250, 999.99, 1000, 5000].map(strikeIncrement)).toEqual([0.5, 1, 1, 5, 5, 10, 10]);
  });
});

describe('defaultGrid', () => {
  it('has the fixed rule lists', () => {
    const grid = defaultGrid(450, 30, 60);
    expect(grid.shortDeltas).toEqual([0.1, 0.16, 0.2, 0.25, 0.3]);
    expect(grid.profitTakePcts).toEqual([0.5, 0.75, null]);
    expect(grid.managementDtes).toEqual([21, null]);
    expect(grid.stopLossMultiples).toEqual([null, 2]);
  });

  it('sizes the wings at 1, 2 and 3 % of the spot on the strike increment', () => {
    expect(defaultGrid(450, 30, 60).wingWidths).toEqual([5, 10, 15]); // 4.5, 9, 13.5 on $5
    expect(defaultGrid(100, 30, 60).wingWidths).toEqual([1, 2, 3]);
    expect(defaultGrid(180, 30, 60).wingWidths).toEqual([2, 4, 5]); // 1.8, 3.6, 5.4 on $1
    expect(defaultGrid(5000, 30, 60).wingWidths).toEqual([50, 100, 150]);
  });

  it('keeps at least one increment and drops repeated widths', () => {
    expect(defaultGrid(20, 30, 60).wingWidths).toEqual([0.5]); // 0.2, 0.4, 0.6 on $0.50
    expect(defaultGrid(30, 30, 60).wingWidths).toEqual([1]); // 0.3, 0.6, 0.9 on $1
    expect(defaultGrid(60, 30, 60).wingWidths).toEqual([1, 2]); // 0.6, 1.2, 1.8
  });

  it('enters at dte_min, the rounded midpoint and dte_max, without repeats', () => {
    expect(defaultGrid(100, 30, 60).entryDtes).toEqual([30, 45, 60]);
    expect(defaultGrid(100, 30, 31).entryDtes).toEqual([30, 31]);
    expect(defaultGrid(100, 45, 45).entryDtes).toEqual([45]);
  });

  it('expands to 540 rule sets at 30–60 DTE, and half as many when no entry DTE exceeds 21', () => {
    expect(expandGrid(defaultGrid(450, 30, 60))).toHaveLength(5 * 3 * 3 * 3 * 2 * 2);
    // At 7–21 DTE every entry DTE (7, 14, 21) is ≤ 21, so managing at 21 is dropped: half the sets.
    expect(expandGrid(defaultGrid(450, 7, 21))).toHaveLength(5 * 3 * 3 * 3 * 1 * 2);
  });
});
