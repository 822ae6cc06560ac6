import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { quoteLeg, type LegMarket } from '../smile.js';
import { prepareMarket, quoteLegPath } from './leg-quotes.js';

const market = fc.record({
  spot: fc.double({ min: 1, max: 5000, noNaN: true }),
  years: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 2, noNaN: true })),
  rate: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  dividendYield: fc.double({ min: 0, max: 0.08, noNaN: true }),
  atmVol: fc.double({ min: 0.01, max: 2, noNaN: true }),
  smile: fc.record({ skew: fc.double({ min: -0.5, max: 0.5, noNaN: true }), curvature: fc.double({ min: 0, max: 0.3, noNaN: true }) }),
  spread: fc.record({ atm: fc.double({ min: 0, max: 1, noNaN: true }), perZ2: fc.double({ min: 0, max: 1, noNaN: true }) }),
}) satisfies fc.Arbitrary<LegMarket>;

describe('quoteLegPath', () => {
  test.prop([fc.array(market, { minLength: 1, maxLength: 5 }), fc.constantFrom('put' as const, 'call' as const), fc.double({ min: 0.2, max: 3, noNaN: true })])(
    'quotes the same bid and ask as quoteLeg, to the last bit',
    (markets, type, moneyness) => {
      const strike = (markets[0]?.spot ?? 100) * moneyness;
      const path = quoteLegPath(markets.map(prepareMarket), type, strike);
      markets.forEach((m, k) => {
        const quote = quoteLeg(m, type, strike);
        expect(path.bid[k]).toBe(quote.bid);
        expect(path.ask[k]).toBe(quote.ask);
      });
    },
  );
});
