import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { quoteLeg, type LegMarket } from '../smile.js';
import { shortStrike } from './short-strikes.js';
import { strikeIncrement } from './strikes.js';

const flat: LegMarket = { spot: 100, years: 45 / 365, rate: 0, dividendYield: 0, atmVol: 0.2, smile: { skew: 0, curvature: 0 }, spread: { atm: 0.05, perZ2: 0 } };

/** Every strike on the grid on that side of the forward, scanned for the nearest |delta|. */
function byScan(market: LegMarket, type: 'put' | 'call', target: number, increment: number): number {
  const forward = market.spot * Math.exp((market.rate - market.dividendYield) * market.years);
  let best = Number.NaN;
  let bestMiss = Number.POSITIVE_INFINITY;
  const first = type === 'put' ? 1 : Math.floor(forward / increment) + 1;
  const last = type === 'put' ? Math.ceil(forward / increment) - 1 : Math.ceil((forward * 4) / increment);
  for (let k = first; k <= last; k++) {
    const miss = Math.abs(Math.abs(quoteLeg(market, type, k * increment).delta) - target);
    if (miss < bestMiss) {
      bestMiss = miss;
      best = k * increment;
    }
  }
  return best;
}

describe('shortStrike', () => {
  it('finds the 16-delta strikes of a flat 20 % market at 45 days', () => {
    // Put deltas: 93 → −0.1426, 94 → −0.1798; call deltas: 107 → 0.1766, 108 → 0.1444.
    expect(shortStrike(flat, 'put', 0.16, 1)).toBe(93);
    expect(shortStrike(flat, 'call', 0.16, 1)).toBe(108);
  });

  it('stays strictly on its side of the forward', () => {
    // At 0.5 delta both sides want the forward itself; the put takes the strike below, the call the one above.
    expect(shortStrike(flat, 'put', 0.6, 1)).toBe(100 - 1);
    expect(shortStrike({ ...flat, years: 0.01 }, 'call', 0.9, 1)).toBe(101);
  });

  it('is null when no grid strike lies below the forward', () => {
    expect(shortStrike({ ...flat, spot: 0.4 }, 'put', 0.16, 0.5)).toBeNull();
  });

  test.prop([
    fc.double({ min: 5, max: 2000, noNaN: true }),
    fc.integer({ min: 7, max: 90 }),
    fc.double({ min: 0.08, max: 0.8, noNaN: true }),
    fc.double({ min: 0, max: 0.3, noNaN: true }),
    fc.double({ min: 0, max: 0.08, noNaN: true }),
    fc.constantFrom(0.1, 0.16, 0.2, 0.25, 0.3),
    fc.constantFrom('put' as const, 'call' as const),
  ])('agrees with a scan of the whole strike grid on a skewed smile', (spot, dte, atmVol, skew, curvature, target, type) => {
    const market: LegMarket = { ...flat, spot, years: dte / 365, rate: 0.04, dividendYield: 0.01, atmVol, smile: { skew, curvature } };
    const increment = strikeIncrement(spot);
    const found = shortStrike(market, type, target, increment);
    const scanned = byScan(market, type, target, increment);
    const miss = (strike: number) => Math.abs(Math.abs(quoteLeg(market, type, strike).delta) - target);
    expect(found).not.toBeNull();
    expect(miss(found!)).toBeLessThanOrEqual(miss(scanned));
  });
});
