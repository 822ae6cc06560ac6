import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { probabilityFinishAbove, probabilityOfTouch, type LognormalMarket } from './lognormal.js';

const vectorA: LognormalMarket = { spot: 100, years: 45 / 365, rate: 0, dividendYield: 0, volatility: 0.2 };

const marketArb = fc.record({
  spot: fc.double({ min: 1, max: 1000, noNaN: true }),
  years: fc.double({ min: 1 / 365, max: 3, noNaN: true }),
  rate: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  dividendYield: fc.double({ min: 0, max: 0.05, noNaN: true }),
  volatility: fc.double({ min: 0.01, max: 3, noNaN: true }),
});

describe('probabilityFinishAbove', () => {
  it('options-math §3.4 vector A: P(ITM at expiry) of the shorts', () => {
    expect(1 - probabilityFinishAbove(vectorA, 95)).toBeCloseTo(0.243432, 6);
    expect(probabilityFinishAbove(vectorA, 105)).toBeCloseTo(0.23273, 6);
  });

  it('degenerate inputs', () => {
    expect(probabilityFinishAbove(vectorA, 0)).toBe(1);
    expect(probabilityFinishAbove({ ...vectorA, volatility: 0, rate: 0.05 }, 100.5)).toBe(1);
    expect(probabilityFinishAbove({ ...vectorA, years: 0 }, 100.5)).toBe(0);
  });
});

describe('probabilityOfTouch', () => {
  it('options-math §3.4 vector A: the short put and call', () => {
    expect(probabilityOfTouch(vectorA, 95)).toBeCloseTo(0.477094, 6);
    expect(probabilityOfTouch(vectorA, 105)).toBeCloseTo(0.475336, 6);
  });

  test.prop([marketArb, fc.double({ min: 0.2, max: 5, noNaN: true })])(
    'with zero log drift it is exactly twice the probability of finishing beyond (reflection principle)',
    (market, ratio) => {
      const driftless = { ...market, rate: market.dividendYield + (market.volatility * market.volatility) / 2 };
      const level = market.spot * ratio;
      const beyond = ratio > 1 ? probabilityFinishAbove(driftless, level) : 1 - probabilityFinishAbove(driftless, level);
      expect(probabilityOfTouch(driftless, level)).toBeCloseTo(Math.min(1, 2 * beyond), 12);
    },
  );

  test.prop([marketArb, fc.double({ min: 0.2, max: 5, noNaN: true })])(
    'is a probability at least that of finishing beyond the level',
    (market, ratio) => {
      const level = market.spot * ratio;
      const touch = probabilityOfTouch(market, level);
      const beyond = ratio > 1 ? probabilityFinishAbove(market, level) : 1 - probabilityFinishAbove(market, level);
      expect(touch).toBeGreaterThanOrEqual(0);
      expect(touch).toBeLessThanOrEqual(1);
      expect(touch).toBeGreaterThanOrEqual(beyond - 1e-15);
    },
  );

  it('at the spot is certain; tiny volatility neither overflows nor NaNs', () => {
    expect(probabilityOfTouch(vectorA, 100)).toBe(1);
    const calm = { ...vectorA, rate: 0.1, volatility: 1e-4 };
    for (const level of [95, 100.5, 101.3, 105]) {
      const p = probabilityOfTouch(calm, level);
      expect(Number.isFinite(p) && p >= 0 && p <= 1).toBe(true);
    }
    // The forward path climbs 100 → 101.24 in 45 days: it crosses 100.5, not 101.3.
    expect(probabilityOfTouch(calm, 100.5)).toBeCloseTo(1, 12);
    expect(probabilityOfTouch(calm, 101.3)).toBeCloseTo(0, 12);
    expect(probabilityOfTouch({ ...calm, volatility: 0 }, 100.5)).toBe(1);
    expect(probabilityOfTouch({ ...calm, volatility: 0 }, 95)).toBe(0);
  });
});
