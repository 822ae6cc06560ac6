import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { buyingPowerReduction, returnOnBuyingPower } from './buying-power.js';
import { condorCosts } from './condor-costs.js';
import { centsUp, orderCosts } from './order-costs.js';

// A SPY condor 640/645/700/705: long put 0.50, short put 1.20, short call 1.10, long call 0.45 per share.
const PRICES = { longPut: 0.5, shortPut: 1.2, shortCall: 1.1, longCall: 0.45 };

describe('condorCosts: hand-computed at the 2026-11-22 rates, each fee rounded up to the cent', () => {
  it('1 lot, opening: ORF 4 × 0.02685, OCC 4 × 0.02, TAF 2 × 0.00279, SEC 0.0000278 × $230 sold, CAT 400 shares × 0.000046', () => {
    // 0.1074 → 0.11; 0.08; 0.00558 → 0.01; 0.006394 → 0.01; 0.0184 → 0.02.
    expect(condorCosts(PRICES, 1, 0).open).toEqual({ commission: 0, orf: 0.11, occ: 0.08, taf: 0.01, sec: 0.01, cat: 0.02, total: 0.23 });
  });

  it('1 lot, closing: the wings are sold, SEC on $95 → 0.002641 → 0.01', () => {
    expect(condorCosts(PRICES, 1, 0).close).toEqual({ commission: 0, orf: 0.11, occ: 0.08, taf: 0.01, sec: 0.01, cat: 0.02, total: 0.23 });
  });

  it('10 lots, opening: 1.074 → 1.08, 0.80, 0.0558 → 0.06, SEC on $2,300 0.06394 → 0.07, CAT 0.184 → 0.19', () => {
    expect(condorCosts(PRICES, 10, 0).open).toEqual({ commission: 0, orf: 1.08, occ: 0.8, taf: 0.06, sec: 0.07, cat: 0.19, total: 2.2 });
  });

  it('10 lots, closing: SEC on $950 0.02641 → 0.03; the round trip is $4.36, $0.436 per contract', () => {
    const costs = condorCosts(PRICES, 10, 0);
    expect(costs.close).toEqual({ commission: 0, orf: 1.08, occ: 0.8, taf: 0.06, sec: 0.03, cat: 0.19, total: 2.16 });
    expect(costs.total).toBe(4.36);
    expect(costs.perContract).toBeCloseTo(0.436, 12);
    expect(costs.perShare).toBeCloseTo(0.00436, 12);
  });

  it('a commission per contract is charged on all four legs each way', () => {
    const costs = condorCosts(PRICES, 2, 0.65);
    expect(costs.open.commission).toBe(5.2);
    expect(costs.close.commission).toBe(5.2);
    expect(costs.total).toBeCloseTo(condorCosts(PRICES, 2, 0).total + 10.4, 9);
  });

  it('caps the OCC fee at $55 per leg', () => {
    expect(orderCosts([{ side: 'buy', price: 1 }], 3000, 0).occ).toBe(55);
    expect(orderCosts([{ side: 'buy', price: 1 }], 2000, 0).occ).toBe(40);
  });

  it('charges no SEC fee or TAF on buys', () => {
    const costs = orderCosts([{ side: 'buy', price: 3 }], 5, 0);
    expect(costs.sec).toBe(0);
    expect(costs.taf).toBe(0);
  });

  test.prop([fc.array(fc.record({ side: fc.constantFrom('buy' as const, 'sell' as const), price: fc.double({ min: 0, max: 50, noNaN: true }) }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 100 })])(
    'every fee is whole cents, and the total is their sum',
    (legs, qty) => {
      const costs = orderCosts(legs, qty, 0);
      const fees = [costs.commission, costs.orf, costs.occ, costs.taf, costs.sec, costs.cat];
      for (const fee of fees) expect(Math.abs(fee * 100 - Math.round(fee * 100))).toBeLessThan(1e-9);
      expect(costs.total).toBeCloseTo(fees.reduce((a, b) => a + b, 0), 9);
    },
  );

  it('centsUp keeps whole cents and rounds anything above up', () => {
    expect(centsUp(0.08)).toBe(0.08);
    expect(centsUp(0.0801)).toBe(0.09);
    expect(centsUp(0)).toBe(0);
  });
});

/** The most the condor loses at expiry, per share: the payoff is piecewise linear, so its minimum is at a strike. */
function maxLossAtExpiry(s: { longPut: number; shortPut: number; shortCall: number; longCall: number }, credit: number): number {
  const payoff = (price: number): number =>
    credit - Math.max(0, s.shortPut - price) + Math.max(0, s.longPut - price) - Math.max(0, price - s.shortCall) + Math.max(0, price - s.longCall);
  return -Math.min(...[0, s.longPut, s.shortPut, s.shortCall, s.longCall, 2 * s.longCall].map(payoff));
}

describe('buyingPowerReduction', () => {
  const condor = fc
    .record({
      longPut: fc.integer({ min: 1, max: 400 }),
      putWing: fc.integer({ min: 1, max: 40 }),
      body: fc.integer({ min: 0, max: 100 }),
      callWing: fc.integer({ min: 1, max: 40 }),
      qty: fc.integer({ min: 1, max: 100 }),
      creditShare: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    })
    .map(({ longPut, putWing, body, callWing, qty, creditShare }) => {
      const strikes = { longPut: longPut / 2, shortPut: (longPut + putWing) / 2, shortCall: (longPut + putWing + body) / 2, longCall: (longPut + putWing + body + callWing) / 2 };
      // A valid condor's credit is below its narrower wing (else one side has no breakeven); whole cents.
      const narrower = Math.min(putWing, callWing) / 2;
      return { strikes, qty, credit: Math.max(0.01, Math.floor(creditShare * narrower * 100) / 100) };
    });

  test.prop([condor])('equals the max loss at expiry × 100 × qty for every valid condor', ({ strikes, qty, credit }) => {
    expect(buyingPowerReduction(strikes, credit, qty)).toBeCloseTo(Math.round(maxLossAtExpiry(strikes, credit) * 100 * qty * 100) / 100, 6);
  });

  it('takes the wider wing when the wings differ: 5 and 10 wide for a $1.40 credit, 2 lots', () => {
    expect(buyingPowerReduction({ longPut: 90, shortPut: 95, shortCall: 105, longCall: 115 }, 1.4, 2)).toBe(1720);
  });

  it('return on buying power is the max profit over the reduction', () => {
    expect(returnOnBuyingPower(140, 360)).toBeCloseTo(0.3889, 4);
    expect(returnOnBuyingPower(10, 0)).toBe(0);
  });
});
