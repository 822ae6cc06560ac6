import { describe, expect, it } from 'vitest';
import { quoteAround, spreadWidth, tickSize } from './option-quote.js';

const at = (z: number, years = 0.1, intrinsic = 0) => ({ z, years, intrinsic, liquidity: 2 as const });

describe('option quotes', () => {
  it('widens with distance from the money, with time and with intrinsic value', () => {
    expect(spreadWidth(5, at(1))).toBeGreaterThan(spreadWidth(5, at(0)));
    expect(spreadWidth(5, at(-2))).toBeGreaterThan(spreadWidth(5, at(-1)));
    expect(spreadWidth(5, at(0, 1))).toBeGreaterThan(spreadWidth(5, at(0, 0.1)));
    expect(spreadWidth(20, at(0, 0.1, 15))).toBeGreaterThan(spreadWidth(20, at(0, 0.1, 0)));
  });

  it('never quotes a negative bid and keeps the ask above it, on the tick', () => {
    for (const mid of [0, 0.001, 0.04, 0.5, 2.99, 3.01, 17.37, 250]) {
      for (const z of [-5, -1, 0, 2]) {
        const { bid, ask, last } = quoteAround(mid, at(z));
        expect(bid).toBeGreaterThanOrEqual(0);
        expect(ask).toBeGreaterThan(bid);
        expect(last).toBeGreaterThanOrEqual(bid);
        expect(last).toBeLessThanOrEqual(ask);
        expect(Math.round(ask * 100) % Math.round(tickSize(ask, 2) * 100)).toBe(0);
      }
    }
  });

  it('uses pennies for the index ETFs and nickels above $3 elsewhere', () => {
    expect(tickSize(12, 1)).toBe(0.01);
    expect(tickSize(12, 2)).toBe(0.05);
    expect(tickSize(2.5, 3)).toBe(0.01);
  });
});
