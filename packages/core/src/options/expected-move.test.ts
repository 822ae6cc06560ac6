import { describe, expect, it } from 'vitest';
import { expectedMove } from './expected-move.js';
import { priceOption } from './price-option.js';

describe('expectedMove', () => {
  it('is S·σ·√T', () => {
    expect(expectedMove({ spot: 100, volatility: 0.2, years: 45 / 365 })).toBeCloseTo(100 * 0.2 * Math.sqrt(45 / 365), 14);
    expect(expectedMove({ spot: 100, volatility: 0.2, years: 0 })).toBe(0);
  });

  it('is about 1.25 × the at-the-money straddle (options-math §2.6)', () => {
    const market = { spot: 100, strike: 100, years: 30 / 365, rate: 0, dividendYield: 0, volatility: 0.25 };
    const straddle = priceOption({ ...market, type: 'call' }).price + priceOption({ ...market, type: 'put' }).price;
    expect(expectedMove(market) / straddle).toBeCloseTo(Math.sqrt(Math.PI / 2), 2);
  });
});
