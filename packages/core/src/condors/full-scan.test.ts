import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { syntheticChains } from './chain-fixture.js';
import { scanIronCondors } from './full-scan.js';
import { bruteForceIronCondors, searchIronCondors } from './search.js';
import { SORT_KEYS, type ScoredCondor, type SearchCriteria } from './types.js';

const market = { spot: 100, rate: 0.04, dividendYield: 0.01 };

const criteriaArb: fc.Arbitrary<SearchCriteria> = fc
  .record({
    shortDeltaMin: fc.double({ min: 0.03, max: 0.2, noNaN: true }),
    bandWidth: fc.double({ min: 0.02, max: 0.3, noNaN: true }),
    widths: fc.uniqueArray(fc.constantFrom(0.5, 1, 2, 2.5, 5), { minLength: 1, maxLength: 4 }),
    minCredit: fc.constantFrom(0, 0.05, 0.2, 0.5),
    minCreditToWidth: fc.constantFrom(0, 0.1, 0.25),
    maxLegSpread: fc.constantFrom(0.3, 5),
    minOpenInterest: fc.constantFrom(0, 500),
    sortBy: fc.constantFrom(...SORT_KEYS),
    topK: fc.integer({ min: 1, max: 40 }),
    forecastVolatility: fc.option(fc.double({ min: 0.08, max: 0.4, noNaN: true }), { nil: undefined }),
  })
  .map(({ bandWidth, forecastVolatility, ...c }) => ({
    ...c,
    shortDeltaMax: Math.min(0.5, c.shortDeltaMin + bandWidth),
    ...(forecastVolatility === undefined ? {} : { forecastVolatility }),
  }));

const shapeArb = fc.record({
  expiries: fc.integer({ min: 1, max: 4 }),
  strikes: fc.integer({ min: 4, max: 60 }),
  step: fc.constantFrom(0.5, 1, 2.5),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

/** Everything a caller sees of a condor, numbers compared exactly. */
const facts = (c: ScoredCondor) => ({
  expiry: c.expiry,
  width: c.width,
  strikes: [c.put.long, c.put.short, c.call.short, c.call.long].map((leg) => leg.contract.strike),
  numbers: [c.credit, c.pop, c.expectedValue, c.creditToWidth, c.returnOnRisk, c.score],
  legs: [c.put.long, c.put.short, c.call.short, c.call.long].map((leg) => [leg.mid, leg.volatility, leg.delta, leg.theta, leg.vega]),
});

describe('the search against the full scans', () => {
  test.prop([shapeArb, criteriaArb], { numRuns: 300 })(
    'the best-first search, the typed-array full scan and the object brute force return the same top k, field for field',
    (shape, criteria) => {
      const chains = syntheticChains(market, shape);
      const expected = bruteForceIronCondors(market, chains, criteria).map(facts);
      expect(searchIronCondors(market, chains, criteria).map(facts)).toEqual(expected);
      expect(scanIronCondors(market, chains, criteria).map(facts)).toEqual(expected);
    },
  );

  test.prop([shapeArb, criteriaArb, fc.constantFrom('greeks', 'volatility')], { numRuns: 60 })(
    'agree when quotes come without greeks or IV (the model and the IV of the mid fill them in)',
    (shape, criteria, missing) => {
      const chains = syntheticChains(market, shape).map((chain) => ({
        ...chain,
        contracts: chain.contracts.map((c, i) => (i % 3 === 0 ? c : { ...c, greeks: null, ...(missing === 'volatility' ? { volatility: null } : {}) })),
      }));
      const expected = bruteForceIronCondors(market, chains, criteria).map(facts);
      expect(searchIronCondors(market, chains, criteria).map(facts)).toEqual(expected);
      expect(scanIronCondors(market, chains, criteria).map(facts)).toEqual(expected);
    },
  );

  test.prop([shapeArb, criteriaArb], { numRuns: 100 })('does not depend on the order the chain lists its contracts in', (shape, criteria) => {
    const chains = syntheticChains(market, shape);
    const reversed = chains.map((chain) => ({ ...chain, contracts: [...chain.contracts].reverse() })).reverse();
    expect(searchIronCondors(market, reversed, criteria).map(facts)).toEqual(searchIronCondors(market, chains, criteria).map(facts));
  });
});
