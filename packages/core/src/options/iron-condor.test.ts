import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ironCondorStats, type IronCondorInput } from './iron-condor.js';
import { probabilityFinishAbove } from './lognormal.js';
import { priceOption } from './price-option.js';

const vectorA = {
  spot: 100,
  years: 45 / 365,
  rate: 0,
  dividendYield: 0,
  volatility: 0.2,
  putLong: 90,
  putShort: 95,
  callShort: 105,
  callLong: 110,
  credit: 1.473729,
} satisfies IronCondorInput;

/** The model value of the condor's four legs at the input's volatility (the fair credit). */
function fairCredit(input: IronCondorInput): number {
  const leg = (type: 'call' | 'put', strike: number) => priceOption({ ...input, type, strike }).price;
  return leg('put', input.putShort) - leg('put', input.putLong) + leg('call', input.callShort) - leg('call', input.callLong);
}

describe('ironCondorStats: options-math §3.4 vector A', () => {
  it('leg prices, deltas and the credit', () => {
    const leg = (type: 'call' | 'put', strike: number) => priceOption({ ...vectorA, type, strike });
    expect(leg('put', 90).price).toBeCloseTo(0.195009, 6);
    expect(leg('put', 95).price).toBeCloseTo(0.928239, 6);
    expect(leg('call', 105).price).toBeCloseTo(1.036917, 6);
    expect(leg('call', 110).price).toBeCloseTo(0.296417, 6);
    expect(leg('put', 95).delta).toBeCloseTo(-0.221978, 6);
    expect(leg('call', 105).delta).toBeCloseTo(0.254736, 6);
    expect(1 - Math.abs(leg('put', 95).delta) - Math.abs(leg('call', 105).delta)).toBeCloseTo(0.523286, 6);
    expect(fairCredit(vectorA)).toBeCloseTo(1.473729, 6);
  });

  it('max profit and loss, breakevens, POP, P(max profit), P(touch), risk-neutral EV', () => {
    const stats = ironCondorStats(vectorA)._unsafeUnwrap();
    expect(stats.maxProfit).toBe(1.473729);
    expect(stats.maxLoss).toBeCloseTo(3.526271, 12);
    expect(stats.breakevens.low).toBeCloseTo(93.526271, 12);
    expect(stats.breakevens.high).toBeCloseTo(106.473729, 12);
    expect(stats.pop).toBeCloseTo(0.644065, 6);
    expect(stats.probMaxProfit).toBeCloseTo(0.523837, 6);
    expect(stats.probTouch.put).toBeCloseTo(0.477094, 6);
    expect(stats.probTouch.call).toBeCloseTo(0.475336, 6);
    // The credit is the fair value rounded to 6 decimals, so the EV is 0 to that rounding.
    expect(Math.abs(stats.expectedValue)).toBeLessThan(1e-6);
    expect(ironCondorStats({ ...vectorA, forecastVolatility: 0.2 })._unsafeUnwrap()).toEqual(stats);
  });

  it('options-math §2.5: 88/93/107/112 priced at σ = 0.22, EV +0.5124 under σ_f = 0.17', () => {
    // §2.5 omits r and q; r = 0.04, q = 0.01 (the §2.2 grid's) reproduce both published figures.
    const market = { spot: 100, years: 45 / 365, rate: 0.04, dividendYield: 0.01, volatility: 0.22 };
    const strikes = { putLong: 88, putShort: 93, callShort: 107, callLong: 112 };
    const credit = fairCredit({ ...market, ...strikes, credit: 1 });
    expect(credit).toBeCloseTo(1.1269, 4);
    const stats = ironCondorStats({ ...market, ...strikes, credit, forecastVolatility: 0.17 })._unsafeUnwrap();
    expect(stats.expectedValue).toBeCloseTo(0.5124, 4);
  });
});

describe('ironCondorStats: validation', () => {
  it.each([
    ['strikes', { putShort: 89 }],
    ['strikes', { callShort: 95 }],
    ['strikes', { putLong: 0 }],
    ['strikes', { callLong: Number.NaN }],
    ['spot', { spot: 0 }],
    ['years', { years: 0 }],
    ['volatility', { volatility: -0.2 }],
    ['forecastVolatility', { forecastVolatility: 0 }],
    ['rate', { rate: Number.POSITIVE_INFINITY }],
    ['credit', { credit: 0 }],
    ['credit', { credit: 5 }],
  ] as const)('rejects a bad %s with a typed error', (field, change) => {
    const result = ironCondorStats({ ...vectorA, ...change });
    expect(result.isErr() && result.error).toMatchObject({ kind: 'invalid_input', field });
  });
});

const condorArb = fc
  .record({
    spot: fc.double({ min: 10, max: 1000, noNaN: true }),
    years: fc.double({ min: 1 / 365, max: 2, noNaN: true }),
    rate: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
    dividendYield: fc.double({ min: 0, max: 0.05, noNaN: true }),
    volatility: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
    forecastVolatility: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
    shortPut: fc.double({ min: 0.5, max: 1.2, noNaN: true }),
    gap: fc.double({ min: 0.005, max: 0.5, noNaN: true }),
    putWing: fc.double({ min: 0.005, max: 0.2, noNaN: true }),
    callWing: fc.double({ min: 0.005, max: 0.2, noNaN: true }),
    creditShare: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  })
  .map(({ spot, shortPut, gap, putWing, callWing, creditShare, ...market }) => {
    const putShort = spot * shortPut;
    const callShort = putShort + spot * gap;
    const putLong = putShort - spot * Math.min(putWing, shortPut * 0.9);
    const callLong = callShort + spot * callWing;
    const credit = creditShare * Math.min(putShort - putLong, callLong - callShort);
    return { ...market, spot, putLong, putShort, callShort, callLong, credit };
  });

describe('ironCondorStats: properties', () => {
  test.prop([condorArb], { numRuns: 500 })('breakevens sit inside the wings, outside the shorts', (input) => {
    const { breakevens, maxProfit, maxLoss } = ironCondorStats(input)._unsafeUnwrap();
    expect(input.putLong).toBeLessThan(breakevens.low);
    expect(breakevens.low).toBeLessThan(input.putShort);
    expect(input.callShort).toBeLessThan(breakevens.high);
    expect(breakevens.high).toBeLessThan(input.callLong);
    expect(maxProfit).toBe(input.credit);
    expect(maxLoss).toBeGreaterThan(0);
  });

  test.prop([condorArb], { numRuns: 500 })('0 ≤ P(max profit) ≤ POP ≤ 1', (input) => {
    const { pop, probMaxProfit } = ironCondorStats(input)._unsafeUnwrap();
    expect(probMaxProfit).toBeGreaterThanOrEqual(0);
    expect(probMaxProfit).toBeLessThanOrEqual(pop);
    expect(pop).toBeLessThanOrEqual(1);
  });

  test.prop([condorArb], { numRuns: 500 })('P(touch) of a short strike ≥ P(finishing beyond it)', (input) => {
    const { probTouch } = ironCondorStats(input)._unsafeUnwrap();
    expect(probTouch.put).toBeGreaterThanOrEqual(1 - probabilityFinishAbove(input, input.putShort) - 1e-15);
    expect(probTouch.call).toBeGreaterThanOrEqual(probabilityFinishAbove(input, input.callShort) - 1e-15);
    expect(probTouch.put).toBeLessThanOrEqual(1);
    expect(probTouch.call).toBeLessThanOrEqual(1);
  });

  test.prop([condorArb], { numRuns: 300 })('EV at the pricing volatility and the fair credit is the credit’s missing interest', (input) => {
    const credit = fairCredit(input);
    const stats = ironCondorStats({ ...input, credit, forecastVolatility: input.volatility });
    // Below the narrower width whenever the fair credit is; EV = C − C·e^{rT} (§2.5: no interest on the credit).
    if (stats.isErr()) return;
    expect(stats.value.expectedValue).toBeCloseTo(credit * (1 - Math.exp(input.rate * input.years)), 10);
  });

  test.prop([condorArb], { numRuns: 300 })('EV lies between −max loss and max profit under any forecast', (input) => {
    const { expectedValue, maxLoss, maxProfit } = ironCondorStats(input)._unsafeUnwrap();
    expect(expectedValue).toBeLessThanOrEqual(maxProfit + 1e-12);
    expect(expectedValue).toBeGreaterThanOrEqual(-maxLoss - 1e-12);
  });
});
