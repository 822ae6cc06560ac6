import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandPayoff, payoffCurve, pnlPerShare, type HeldLeg } from './payoff-curve.js';

interface Condor {
  readonly longPut: number;
  readonly shortPut: number;
  readonly shortCall: number;
  readonly longCall: number;
  /** Per share, in whole cents so the expected dollars are exact. */
  readonly creditCents: number;
  readonly qty: number;
}

const held = (c: Condor): HeldLeg[] => [
  { type: 'put', strike: c.longPut, side: 'long' },
  { type: 'put', strike: c.shortPut, side: 'short' },
  { type: 'call', strike: c.shortCall, side: 'short' },
  { type: 'call', strike: c.longCall, side: 'long' },
];

// Strikes on a 50-cent grid: long put < short put < short call < long call; a credit strictly inside (0, narrower wing).
const condors: fc.Arbitrary<Condor> = fc
  .record({
    longPutHalves: fc.integer({ min: 2, max: 2_000 }),
    putWingHalves: fc.integer({ min: 1, max: 40 }),
    bodyHalves: fc.integer({ min: 1, max: 200 }),
    callWingHalves: fc.integer({ min: 1, max: 40 }),
    qty: fc.integer({ min: 1, max: 50 }),
  })
  .chain((s) => {
    const narrowerCents = Math.min(s.putWingHalves, s.callWingHalves) * 50;
    return fc.integer({ min: 1, max: narrowerCents - 1 }).map((creditCents) => {
      const longPut = s.longPutHalves / 2;
      const shortPut = longPut + s.putWingHalves / 2;
      const shortCall = shortPut + s.bodyHalves / 2;
      return { longPut, shortPut, shortCall, longCall: shortCall + s.callWingHalves / 2, creditCents, qty: s.qty };
    });
  });

describe('payoffCurve of an iron condor', () => {
  it('loses at most the wider wing less the credit, and makes at most the credit, for the whole order', () => {
    fc.assert(
      fc.property(condors, (c) => {
        const curve = payoffCurve(held(c), c.creditCents / 100, c.qty, null)!;
        const widerCents = Math.max(c.shortPut - c.longPut, c.longCall - c.shortCall) * 100;
        expect(curve.maxLoss).toBeCloseTo((widerCents - c.creditCents) * c.qty, 2);
        expect(curve.maxProfit).toBeCloseTo(c.creditCents * c.qty, 2);
      }),
    );
  });

  it('breaks even at the short put less the credit and the short call plus the credit', () => {
    fc.assert(
      fc.property(condors, (c) => {
        const credit = c.creditCents / 100;
        const curve = payoffCurve(held(c), credit, c.qty, null)!;
        expect(curve.breakevens).toHaveLength(2);
        expect(curve.breakevens[0]).toBeCloseTo(c.shortPut - credit, 2);
        expect(curve.breakevens[1]).toBeCloseTo(c.shortCall + credit, 2);
        for (const breakeven of curve.breakevens) {
          expect(pnlPerShare(held(c), credit, breakeven)).toBeCloseTo(0, 2);
          const point = curve.points.find((p) => p.price === breakeven);
          expect(point, `a point at the breakeven ${String(breakeven)}`).toBeDefined();
          expect(point?.pnl).toBeCloseTo(0, 2);
        }
      }),
    );
  });

  it('gives every point the dollars of pnlPerShare for 100 shares a contract, in price order from below the long put to above the long call', () => {
    fc.assert(
      fc.property(condors, fc.option(fc.integer({ min: 1, max: 2_000 })), (c, spot) => {
        const credit = c.creditCents / 100;
        const curve = payoffCurve(held(c), credit, c.qty, spot)!;
        expect(curve.spot).toBe(spot);
        for (const point of curve.points) expect(point.pnl).toBeCloseTo(pnlPerShare(held(c), credit, point.price) * 100 * c.qty, 2);
        const prices = curve.points.map((p) => p.price);
        for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1]!);
        expect(prices[0]).toBeLessThan(c.longPut);
        expect(prices.at(-1)).toBeGreaterThan(c.longCall);
        for (const strike of [c.longPut, c.shortPut, c.shortCall, c.longCall]) expect(prices).toContain(strike);
      }),
    );
  });
});

describe('bandPayoff: the start-price payoff and, beside it, the worst-price one', () => {
  // A band from the condor's credit down by 1 to 20 cents, never to nothing.
  const banded = condors.filter((c) => c.creditCents > 1).chain((c) => fc.integer({ min: 1, max: Math.min(20, c.creditCents - 1) }).map((worseCents) => ({ c, worseCents })));

  it('draws the worst price as that much less credit: each point, breakeven and extreme by the payoff math at the worst credit', () => {
    fc.assert(
      fc.property(banded, ({ c, worseCents }) => {
        const startCredit = c.creditCents / 100;
        const worstCredit = (c.creditCents - worseCents) / 100;
        const curve = bandPayoff({ legs: held(c), credit: startCredit, qty: c.qty, spot: null }, { startPrice: -startCredit, worstPrice: -worstCredit })!;
        expect(curve.points).toEqual(payoffCurve(held(c), startCredit, c.qty, null)!.points);
        const worst = curve.worst!;
        expect([worst.startPrice, worst.worstPrice]).toEqual([-startCredit, -worstCredit]);
        for (const point of worst.points) expect(point.pnl).toBeCloseTo(pnlPerShare(held(c), worstCredit, point.price) * 100 * c.qty, 2);
        for (const breakeven of worst.breakevens) expect(pnlPerShare(held(c), worstCredit, breakeven)).toBeCloseTo(0, 2);
        expect(worst.breakevens[0]).toBeCloseTo(c.shortPut - worstCredit, 2);
        expect(worst.breakevens[1]).toBeCloseTo(c.shortCall + worstCredit, 2);
        const widerCents = Math.max(c.shortPut - c.longPut, c.longCall - c.shortCall) * 100;
        expect(worst.maxLoss).toBeCloseTo((widerCents - c.creditCents + worseCents) * c.qty, 2);
        expect(worst.maxLoss - curve.maxLoss).toBeCloseTo(worseCents * c.qty, 2);
        expect(curve.maxProfit - worst.maxProfit).toBeCloseTo(worseCents * c.qty, 2);
      }),
    );
  });

  it('has no worst-price curve for a one-price band, nor a curve without legs', () => {
    const legs = held({ longPut: 540, shortPut: 545, shortCall: 600, longCall: 605, creditCents: 125, qty: 1 });
    expect(bandPayoff({ legs, credit: 1.25, qty: 1, spot: 570 }, { startPrice: -1.25, worstPrice: -1.25 })?.worst).toBeNull();
    expect(bandPayoff({ legs: [], credit: 1.25, qty: 1, spot: 570 }, { startPrice: -1.25, worstPrice: -1.2 })).toBeNull();
  });
});

describe('pnlPerShare', () => {
  const legs = held({ longPut: 540, shortPut: 545, shortCall: 600, longCall: 605, creditCents: 125, qty: 1 });

  it('keeps the whole credit between the short strikes', () => {
    expect(pnlPerShare(legs, 1.25, 570)).toBeCloseTo(1.25, 10);
  });

  it('loses the wing width less the credit beyond a long strike', () => {
    expect(pnlPerShare(legs, 1.25, 500)).toBeCloseTo(-3.75, 10);
    expect(pnlPerShare(legs, 1.25, 700)).toBeCloseTo(-3.75, 10);
  });

  it('moves one for one between a short and a long strike', () => {
    expect(pnlPerShare(legs, 1.25, 543)).toBeCloseTo(-0.75, 10);
    expect(pnlPerShare(legs, 1.25, 602)).toBeCloseTo(-0.75, 10);
  });

  it('has no curve without legs', () => {
    expect(payoffCurve([], 1.25, 1, 570)).toBeNull();
  });
});
