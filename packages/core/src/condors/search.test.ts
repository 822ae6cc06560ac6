import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { syntheticChains } from './chain-fixture.js';
import { isLiquid, limitCreditOf, maxLegSpread, ENTRY_RULES } from './entry-rules.js';
import { bruteForceIronCondors, searchIronCondors } from './search.js';
import { SORT_KEYS, type ScoredCondor, type SearchCriteria } from './types.js';

const market = { spot: 100, rate: 0.04, dividendYield: 0.01 };
const identity = (c: ScoredCondor) =>
  `${c.expiry}/${String(c.width)}/${String(c.put.long.contract.strike)}/${String(c.put.short.contract.strike)}/${String(c.call.short.contract.strike)}/${String(c.call.long.contract.strike)}`;

const criteriaArb = fc.record({
  shortDeltaMin: fc.double({ min: 0.03, max: 0.2, noNaN: true }),
  bandWidth: fc.double({ min: 0.02, max: 0.3, noNaN: true }),
  widths: fc.uniqueArray(fc.constantFrom(1, 2, 3, 5), { minLength: 1, maxLength: 3 }),
  minCredit: fc.constantFrom(0, 0.1, 0.3, 0.6),
  minCreditToWidth: fc.constantFrom(0, 0.05, 0.1, 0.2),
  maxLegSpread: fc.constantFrom(0.2, 0.5, 5),
  minOpenInterest: fc.constantFrom(0, 100, 1_000),
  sortBy: fc.constantFrom(...SORT_KEYS),
  topK: fc.integer({ min: 1, max: 25 }),
  forecastVolatility: fc.option(fc.double({ min: 0.08, max: 0.4, noNaN: true }), { nil: undefined }),
});

const toCriteria = (c: typeof criteriaArb extends fc.Arbitrary<infer T> ? T : never): SearchCriteria => ({
  shortDeltaMin: c.shortDeltaMin,
  shortDeltaMax: Math.min(0.5, c.shortDeltaMin + c.bandWidth),
  widths: c.widths,
  minCredit: c.minCredit,
  minCreditToWidth: c.minCreditToWidth,
  maxLegSpread: c.maxLegSpread,
  minOpenInterest: c.minOpenInterest,
  sortBy: c.sortBy,
  topK: c.topK,
  ...(c.forecastVolatility === undefined ? {} : { forecastVolatility: c.forecastVolatility }),
});

const shapeArb = fc.record({
  expiries: fc.integer({ min: 1, max: 3 }),
  strikes: fc.integer({ min: 8, max: 40 }),
  step: fc.constantFrom(1, 2.5),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

describe('searchIronCondors', () => {
  test.prop([shapeArb, criteriaArb], { numRuns: 300 })('returns exactly the brute-force top-k, in the same order', (shape, raw) => {
    const chains = syntheticChains(market, shape);
    const criteria = toCriteria(raw);
    expect(searchIronCondors(market, chains, criteria).map(identity)).toEqual(bruteForceIronCondors(market, chains, criteria).map(identity));
  });

  test.prop([shapeArb, criteriaArb], { numRuns: 200 })('every candidate is well-ordered, one expiry, and within the requested bands', (shape, raw) => {
    const criteria = toCriteria(raw);
    const found = searchIronCondors(market, syntheticChains(market, shape), criteria);
    expect(found.length).toBeLessThanOrEqual(criteria.topK);
    for (const c of found) {
      const [lp, sp, sc, lc] = [c.put.long, c.put.short, c.call.short, c.call.long];
      expect(lp.contract.strike < sp.contract.strike && sp.contract.strike < sc.contract.strike && sc.contract.strike < lc.contract.strike).toBe(true);
      expect(new Set([lp, sp, sc, lc].map((l) => l.contract.expiry))).toEqual(new Set([c.expiry]));
      expect([lp.contract.type, sp.contract.type, sc.contract.type, lc.contract.type]).toEqual(['put', 'put', 'call', 'call']);
      for (const short of [sp, sc]) {
        expect(Math.abs(short.delta)).toBeGreaterThanOrEqual(criteria.shortDeltaMin);
        expect(Math.abs(short.delta)).toBeLessThanOrEqual(criteria.shortDeltaMax);
      }
      expect(sp.contract.strike - lp.contract.strike).toBeCloseTo(c.width, 9);
      expect(lc.contract.strike - sc.contract.strike).toBeCloseTo(c.width, 9);
      expect(criteria.widths).toContain(c.width);
      expect(c.credit).toBeGreaterThanOrEqual(criteria.minCredit - 1e-9);
      expect(limitCreditOf(c.credit)).toBeGreaterThan(0);
      expect(limitCreditOf(c.credit) / c.width).toBeGreaterThanOrEqual(criteria.minCreditToWidth - 1e-9);
      for (const leg of [lp, sp, sc, lc]) {
        expect(leg.contract.ask - leg.contract.bid).toBeLessThanOrEqual(criteria.maxLegSpread + 1e-9);
        expect(leg.contract.ask - leg.contract.bid).toBeLessThanOrEqual(maxLegSpread(leg.contract) + 1e-9);
        expect(isLiquid(leg.contract)).toBe(true);
        expect(leg.contract.openInterest).toBeGreaterThanOrEqual(Math.max(criteria.minOpenInterest, ENTRY_RULES.minOpenInterest));
      }
      expect(c.pop).toBeGreaterThanOrEqual(0);
      expect(c.pop).toBeLessThanOrEqual(1);
    }
    for (let i = 1; i < found.length; i++) expect(found[i - 1]!.score).toBeGreaterThanOrEqual(found[i]!.score);
  });

  it('is deterministic: the same inputs give the same list', () => {
    const chains = syntheticChains(market, { expiries: 4, strikes: 60, step: 1, seed: 7 });
    const criteria: SearchCriteria = {
      shortDeltaMin: 0.1, shortDeltaMax: 0.3, widths: [2, 5], minCredit: 0.2, minCreditToWidth: 0.1, maxLegSpread: 1, minOpenInterest: 0, sortBy: 'pop', topK: 10,
    };
    expect(searchIronCondors(market, chains, criteria).map(identity)).toEqual(searchIronCondors(market, chains, criteria).map(identity));
    expect(searchIronCondors(market, chains, criteria)).toHaveLength(10);
  });

  it('finds nothing when no leg is liquid enough', () => {
    const chains = syntheticChains(market, { expiries: 2, strikes: 30, step: 1, seed: 3 });
    const criteria: SearchCriteria = {
      shortDeltaMin: 0.1, shortDeltaMax: 0.3, widths: [5], minCredit: 0, minCreditToWidth: 0, maxLegSpread: 0.001, minOpenInterest: 0, sortBy: 'pop', topK: 5,
    };
    expect(searchIronCondors(market, chains, criteria)).toEqual([]);
  });

  it('leaves out legs quoted too long before liveAt, and keeps them when the quotes are the last close', () => {
    const criteria: SearchCriteria = {
      shortDeltaMin: 0.05, shortDeltaMax: 0.4, widths: [1, 2, 5], minCredit: 0, minCreditToWidth: 0, maxLegSpread: 5, minOpenInterest: 0, sortBy: 'pop', topK: 5,
    };
    const chains = syntheticChains(market, { expiries: 2, strikes: 40, step: 1, seed: 3 }, 1_000_000);
    expect(searchIronCondors(market, chains, { ...criteria, liveAt: 1_000_000 + 60_000 })).toHaveLength(5);
    expect(searchIronCondors(market, chains, { ...criteria, liveAt: 1_000_000 + 60_001 })).toEqual([]);
    expect(searchIronCondors(market, chains, criteria)).toHaveLength(5);
  });

  it('keeps only condors whose limit credit (the mid credit rounded down to the cent) meets min credit-to-width', () => {
    const chains = syntheticChains(market, { expiries: 3, strikes: 40, step: 1, seed: 9 });
    const base: SearchCriteria = {
      shortDeltaMin: 0.05, shortDeltaMax: 0.4, widths: [1, 2, 5], minCredit: 0, minCreditToWidth: 0, maxLegSpread: 5, minOpenInterest: 0, sortBy: 'pop', topK: 50,
    };
    const all = searchIronCondors(market, chains, base);
    const strict = searchIronCondors(market, chains, { ...base, minCreditToWidth: 0.35 });
    expect(all.some((c) => limitCreditOf(c.credit) / c.width < 0.35)).toBe(true);
    expect(strict.length).toBeGreaterThan(0);
    for (const c of strict) expect(limitCreditOf(c.credit) / c.width).toBeGreaterThanOrEqual(0.35 - 1e-9);
  });
});
