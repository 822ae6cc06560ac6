import { describe, expect, it } from 'vitest';
import { priceOption } from '../options/index.js';
import type { OptionContract, OptionType } from '../ports/market-data.js';
import { fitSmile, fitSpreadModel } from './fit-market-shape.js';
import { smileVolatility, standardMoneyness } from './smile.js';
import type { SmileShape, SpreadModel } from './types.js';

const MARKET = { spot: 450, rate: 0.045, dividendYield: 0.013, years: 30 / 365 };
const FORWARD = MARKET.spot * Math.exp((MARKET.rate - MARKET.dividendYield) * MARKET.years);

function contract(type: OptionType, strike: number, fields: Partial<OptionContract> = {}): OptionContract {
  return {
    symbol: `SPY${type === 'call' ? 'C' : 'P'}${strike}`,
    type,
    strike,
    expiry: '2024-02-16',
    bid: 1,
    ask: 1.1,
    volatility: 0.2,
    greeks: null,
    openInterest: 100,
    volume: 10,
    quoteTime: 0,
    ...fields,
  };
}

/** A whole chain (calls and puts at every strike) priced on a known smile, quoted with a known spread model. */
function chain(shape: SmileShape, atmVol: number, spread: SpreadModel, strikes: readonly number[]): OptionContract[] {
  return strikes.flatMap((strike) =>
    (['call', 'put'] as const).map((type) => {
      const volatility = smileVolatility(shape, atmVol, MARKET.years, strike, FORWARD);
      const { price } = priceOption({ type, strike, volatility, ...MARKET });
      const z = standardMoneyness(atmVol, MARKET.years, strike, FORWARD);
      const width = spread.atm * (1 + spread.perZ2 * z * z);
      return contract(type, strike, { volatility, bid: Math.max(0, price - width / 2), ask: price + width / 2 });
    }),
  );
}

const STRIKES = Array.from({ length: 61 }, (_, i) => 375 + 2.5 * i);
const SPREAD: SpreadModel = { atm: 0.04, perZ2: 0.5 };

describe('fitSmile', () => {
  it.each([
    { skew: 0.25, curvature: 0.05, atmVol: 0.18 },
    { skew: 0.1, curvature: 0.02, atmVol: 0.3 },
    { skew: 0.45, curvature: 0.12, atmVol: 0.14 },
    { skew: 0, curvature: 0, atmVol: 0.22 },
  ])('fits back a chain priced on skew $skew, curvature $curvature, ATM $atmVol', ({ skew, curvature, atmVol }) => {
    const fitted = fitSmile({ ...MARKET, contracts: chain({ skew, curvature }, atmVol, SPREAD, STRIKES) });
    expect(fitted).not.toBeNull();
    expect(Math.abs(fitted!.atmVol - atmVol)).toBeLessThan(1e-3);
    expect(Math.abs(fitted!.smile.skew - skew)).toBeLessThan(1e-3);
    expect(Math.abs(fitted!.smile.curvature - curvature)).toBeLessThan(1e-3);
  });

  it('fits a flat smile with noise to skew ≈ 0', () => {
    const contracts = chain({ skew: 0, curvature: 0 }, 0.2, SPREAD, STRIKES).map((c, i) => ({ ...c, volatility: 0.2 + 0.002 * Math.sin(i * 2.3) }));
    const fitted = fitSmile({ ...MARKET, contracts });
    expect(fitted!.smile.skew).toBeLessThan(0.02);
    expect(fitted!.smile.curvature).toBeLessThan(0.02);
    expect(fitted!.atmVol).toBeCloseTo(0.2, 2);
  });

  it('clamps skew and curvature into their ranges', () => {
    const reversed = chain({ skew: 0, curvature: 0 }, 0.2, SPREAD, STRIKES).map((c) => ({
      ...c,
      volatility: 0.2 * (1 + 0.8 * Math.log(c.strike / FORWARD) / (0.2 * Math.sqrt(MARKET.years))),
    }));
    const fitted = fitSmile({ ...MARKET, contracts: reversed.filter((c) => c.volatility > 0.05) });
    expect(fitted!.smile.skew).toBe(0);
    expect(fitted!.smile.curvature).toBeGreaterThanOrEqual(0);
    expect(fitted!.smile.curvature).toBeLessThanOrEqual(0.3);
    const steep = chain({ skew: 0.9, curvature: 0.5 }, 0.2, SPREAD, STRIKES);
    const clamped = fitSmile({ ...MARKET, contracts: steep });
    expect(clamped!.smile.skew).toBeLessThanOrEqual(0.6);
    expect(clamped!.smile.curvature).toBeLessThanOrEqual(0.3);
  });

  it('is null with fewer than 5 usable contracts', () => {
    const contracts = chain({ skew: 0.2, curvature: 0.05 }, 0.2, SPREAD, [430, 440, 450, 460]);
    expect(fitSmile({ ...MARKET, contracts })).toBeNull();
    expect(fitSmile({ ...MARKET, contracts: [] })).toBeNull();
    expect(fitSmile({ ...MARKET, years: 0, contracts: chain({ skew: 0.2, curvature: 0.05 }, 0.2, SPREAD, STRIKES) })).toBeNull();
  });

  it('ignores junk: no volatility, no bid, crossed, in the money', () => {
    const shape = { skew: 0.2, curvature: 0.05 };
    const good = chain(shape, 0.2, SPREAD, STRIKES);
    const junk = [
      contract('put', 400, { volatility: null }),
      contract('put', 401, { volatility: 0 }),
      contract('put', 402, { volatility: 2, bid: 0 }),
      contract('call', 500, { volatility: 2, bid: 1.2, ask: 1 }),
      contract('call', 401, { volatility: 2 }),
      contract('put', 499, { volatility: 0.01 }),
    ];
    const fitted = fitSmile({ ...MARKET, contracts: [...junk, ...good] });
    expect(Math.abs(fitted!.smile.skew - 0.2)).toBeLessThan(1e-3);
    expect(Math.abs(fitted!.smile.curvature - 0.05)).toBeLessThan(1e-3);
    expect(fitSmile({ ...MARKET, contracts: [...junk, ...good.slice(0, 4)] })).toBeNull();
  });
});

describe('fitSpreadModel', () => {
  it('fits back the spread model of a chain quoted flat near the money and atm·(1 + perZ2·z²) beyond', () => {
    const contracts = chain({ skew: 0.2, curvature: 0.05 }, 0.2, SPREAD, STRIKES).map((c) => {
      const z = standardMoneyness(0.2, MARKET.years, c.strike, FORWARD);
      return Math.abs(z) < 0.5 ? { ...c, ask: c.bid + SPREAD.atm } : c;
    });
    const fitted = fitSpreadModel({ ...MARKET, contracts, atmVol: 0.2 });
    expect(fitted.atm).toBeCloseTo(SPREAD.atm, 12);
    expect(fitted.perZ2).toBeCloseTo(SPREAD.perZ2, 12);
  });

  it('comes near the model a whole chain was quoted with (the near-money median reads a little wide)', () => {
    const contracts = chain({ skew: 0.2, curvature: 0.05 }, 0.2, SPREAD, STRIKES);
    const fitted = fitSpreadModel({ ...MARKET, contracts, atmVol: 0.2 });
    expect(fitted.atm).toBeGreaterThan(SPREAD.atm);
    expect(fitted.atm).toBeLessThan(SPREAD.atm * (1 + SPREAD.perZ2 * 0.25));
    expect(Math.abs(fitted.perZ2 - SPREAD.perZ2)).toBeLessThan(0.1);
  });

  it('falls back to 0.05 and 0.3 without quotes, and ignores zero bids and crossed quotes', () => {
    expect(fitSpreadModel({ ...MARKET, contracts: [], atmVol: 0.2 })).toEqual({ atm: 0.05, perZ2: 0.3 });
    const onlyWings = [contract('put', 380, { bid: 0.1, ask: 0.3 }), contract('call', 520, { bid: 0.1, ask: 0.3 })];
    const wingsFit = fitSpreadModel({ ...MARKET, contracts: onlyWings, atmVol: 0.2 });
    expect(wingsFit.atm).toBe(0.05);
    const nearAtm = [contract('put', 449, { bid: 5, ask: 5.1 }), contract('call', 451, { bid: 5, ask: 5.1 })];
    const junk = [contract('put', 448, { bid: 0, ask: 3 }), contract('call', 452, { bid: 5, ask: 4 })];
    const fitted = fitSpreadModel({ ...MARKET, contracts: [...nearAtm, ...junk], atmVol: 0.2 });
    expect(fitted.atm).toBeCloseTo(0.1, 12);
    expect(fitted.perZ2).toBe(0.3);
  });

  it('clamps perZ2 to [0, 2]', () => {
    const atm = [contract('put', 449, { bid: 5, ask: 5.1 })];
    const wide = fitSpreadModel({ ...MARKET, atmVol: 0.2, contracts: [...atm, contract('put', 400, { bid: 0.5, ask: 10 })] });
    expect(wide.perZ2).toBe(2);
    const tight = fitSpreadModel({ ...MARKET, atmVol: 0.2, contracts: [...atm, contract('put', 400, { bid: 0.5, ask: 0.51 })] });
    expect(tight.perZ2).toBe(0);
  });
});
