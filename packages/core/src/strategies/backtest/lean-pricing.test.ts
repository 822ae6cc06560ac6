import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { priceOption } from '../../options/price-option.js';
import { quoteLeg, type LegMarket } from '../smile.js';
import { optionPrice, smileDelta } from './lean-pricing.js';

const type = fc.constantFrom('put' as const, 'call' as const);
const years = fc.oneof(fc.constant(0), fc.double({ min: -0.1, max: 3, noNaN: true }));

describe('optionPrice', () => {
  test.prop([
    type,
    fc.double({ min: 1, max: 5000, noNaN: true }),
    fc.double({ min: 0.05, max: 4, noNaN: true }),
    years,
    fc.double({ min: -0.01, max: 0.1, noNaN: true }),
    fc.double({ min: 0, max: 0.08, noNaN: true }),
    fc.oneof(fc.constant(0), fc.double({ min: -0.1, max: 2, noNaN: true })),
  ])('is priceOption’s price to the last bit', (kind, spot, moneyness, t, rate, dividendYield, volatility) => {
    const input = { type: kind, spot, strike: spot * moneyness, years: t, rate, dividendYield, volatility };
    expect(optionPrice(input)).toBe(priceOption(input).price);
  });
});

describe('smileDelta', () => {
  const market = fc.record({
    spot: fc.double({ min: 1, max: 5000, noNaN: true }),
    years,
    rate: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
    dividendYield: fc.double({ min: 0, max: 0.08, noNaN: true }),
    atmVol: fc.double({ min: 0.01, max: 2, noNaN: true }),
    smile: fc.record({ skew: fc.double({ min: -0.5, max: 0.5, noNaN: true }), curvature: fc.double({ min: 0, max: 0.3, noNaN: true }) }),
    spread: fc.record({ atm: fc.double({ min: 0, max: 1, noNaN: true }), perZ2: fc.double({ min: 0, max: 1, noNaN: true }) }),
  }) satisfies fc.Arbitrary<LegMarket>;

  test.prop([market, type, fc.double({ min: 0.2, max: 3, noNaN: true })])('is quoteLeg’s delta to the last bit', (m, kind, moneyness) => {
    const strike = m.spot * moneyness;
    expect(smileDelta(m, kind, strike)).toBe(quoteLeg(m, kind, strike).delta);
  });
});
