import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { priceOption, type OptionPricingInput, type OptionValuation } from './price-option.js';

type Type = OptionPricingInput['type'];
/** The valuation with −0 read as 0, so limits compare with `toMatchObject`. */
function option(type: Type, spot: number, strike: number, years: number, rate: number, dividendYield: number, volatility: number) {
  const valuation: Record<string, number> = { ...priceOption({ type, spot, strike, years, rate, dividendYield, volatility }) };
  for (const [key, value] of Object.entries(valuation)) valuation[key] = value + 0;
  return valuation as unknown as OptionValuation;
}

describe('priceOption: options-math §3.1 prices (Haug via QuantLib, Hull)', () => {
  it.each([
    ['call', 60, 65, 0.25, 0.08, 0, 0.3, 2.1334],
    ['put', 100, 95, 0.5, 0.1, 0.05, 0.2, 2.4648],
    ['put', 19, 19, 0.75, 0.1, 0.1, 0.28, 1.7011],
    ['call', 19, 19, 0.75, 0.1, 0.1, 0.28, 1.7011],
    ['call', 1.56, 1.6, 0.5, 0.06, 0.08, 0.12, 0.0291],
    ['put', 75, 70, 0.5, 0.1, 0.05, 0.35, 4.087],
    ['call', 110, 100, 0.1, 0.1, 0.1, 0.25, 10.3556],
    ['put', 90, 100, 0.5, 0.1, 0.1, 0.35, 14.4452],
    ['call', 42, 40, 0.75, 0.04, 0.08, 0.35, 5.0975],
    ['call', 42, 40, 0.5, 0.1, 0, 0.2, 4.7594],
    ['put', 42, 40, 0.5, 0.1, 0, 0.2, 0.8086],
    ['call', 49, 50, 0.3846, 0.05, 0, 0.2, 2.4005],
  ] as const)('%s S=%d K=%d T=%d r=%d q=%d σ=%d → %d', (type, s, k, t, r, q, v, expected) => {
    expect(Math.abs(option(type, s, k, t, r, q, v).price - expected)).toBeLessThan(1e-4);
  });
});

describe('priceOption: options-math §3.2 greeks', () => {
  it('Haug via QuantLib, to 1e-4', () => {
    expect(option('call', 105, 100, 0.5, 0.1, 0.1, 0.36).delta).toBeCloseTo(0.5946, 4);
    expect(option('put', 105, 100, 0.5, 0.1, 0.1, 0.36).delta).toBeCloseTo(-0.3566, 4);
    expect(option('call', 55, 60, 0.75, 0.1, 0, 0.3).gamma).toBeCloseTo(0.0278, 4);
    expect(option('put', 55, 60, 0.75, 0.1, 0, 0.3).gamma).toBeCloseTo(0.0278, 4);
    expect(option('call', 55, 60, 0.75, 0.1, 0, 0.3).vega).toBeCloseTo(18.9358, 4);
    const theta = option('put', 430, 405, 1 / 12, 0.07, 0.05, 0.2).theta;
    expect(theta).toBeCloseTo(-31.1924, 4);
    expect(theta / 365).toBeCloseTo(-0.0855, 4);
    expect(option('call', 72, 75, 1, 0.09, 0, 0.19).rho).toBeCloseTo(38.7325, 4);
    expect(option('put', 500, 490, 0.25, 0.08, 0.05, 0.15).dividendRho).toBeCloseTo(42.2254, 4);
  });

  it('Hull examples 17.1–17.7 via py_vollib, to 1e-9', () => {
    const call = option('call', 49, 50, 0.3846, 0.05, 0, 0.2);
    const put = option('put', 49, 50, 0.3846, 0.05, 0, 0.2);
    expect(Math.abs(call.delta - 0.521601633972)).toBeLessThan(1e-9);
    expect(Math.abs(call.gamma - 0.0655453772525)).toBeLessThan(1e-9);
    expect(Math.abs(call.theta - -4.30538996455)).toBeLessThan(1e-9);
    expect(Math.abs(put.theta - -1.8530056722)).toBeLessThan(1e-9);
    expect(Math.abs(call.vega * 0.01 - 0.121052427542)).toBeLessThan(1e-9);
    expect(Math.abs(call.rho * 0.01 - 0.089065740988)).toBeLessThan(1e-9);
  });
});

describe('priceOption: options-math §3.3 prices', () => {
  it('undiscounted Black F = K = 100, σ = 0.2, T = 0.5', () => {
    expect(Math.abs(option('call', 100, 100, 0.5, 0, 0, 0.2).price - 5.637197779701664)).toBeLessThan(1e-12);
  });

  it('normalised Black x = ln(100/95), s = 0.3√0.5 (price / √(FK))', () => {
    const scale = Math.sqrt(100 * 95);
    expect(Math.abs(option('put', 100, 95, 0.5, 0, 0, 0.3).price / scale - 0.061296663817558904)).toBeLessThan(1e-14);
    expect(Math.abs(option('call', 100, 95, 0.5, 0, 0, 0.3).price / scale - 0.11259558142181655)).toBeLessThan(1e-14);
  });

  it('BS S = K = 100, T = 0.5, r = 0.01, σ = 0.2', () => {
    expect(Math.abs(option('call', 100, 100, 0.5, 0.01, 0, 0.2).price - 5.87602423383)).toBeLessThan(1e-10);
    expect(Math.abs(option('put', 100, 100, 0.5, 0.01, 0, 0.2).price - 5.3772721531)).toBeLessThan(1e-10);
  });

  it('the hard case S = 1, K = 1.5, T = 1, σ = 0.04 (mpmath 9.01002030924287e-27)', () => {
    const price = option('call', 1, 1.5, 1, 0, 0, 0.04).price;
    expect(Math.abs(price - 9.01002030924287e-27) / 9.01002030924287e-27).toBeLessThan(1e-9);
  });
});

describe('priceOption: limits without NaN', () => {
  it('at expiry: intrinsic value and a delta step', () => {
    const itm = option('call', 110, 100, 0, 0.05, 0.02, 0.2);
    expect(itm).toMatchObject({ price: 10, delta: 1, gamma: 0, vega: 0, rho: 0, dividendRho: 0 });
    expect(option('put', 110, 100, 0, 0.05, 0.02, 0.2)).toMatchObject({ price: 0, delta: 0, gamma: 0, vega: 0 });
    expect(option('put', 90, 100, 0, 0.05, 0.02, 0.2)).toMatchObject({ price: 10, delta: -1 });
    expect(option('call', 100, 100, 0, 0.05, 0.02, 0.2)).toMatchObject({ price: 0, delta: 0.5, gamma: 0, vega: 0, theta: -2.5 + 1 });
  });

  it('zero volatility: the discounted forward intrinsic value', () => {
    const call = option('call', 100, 90, 1, 0.05, 0.01, 0);
    expect(call.price).toBeCloseTo(100 * Math.exp(-0.01) - 90 * Math.exp(-0.05), 14);
    expect(call.delta).toBeCloseTo(Math.exp(-0.01), 15);
    expect(call.theta).toBeCloseTo(0.01 * 100 * Math.exp(-0.01) - 0.05 * 90 * Math.exp(-0.05), 14);
    expect(option('put', 100, 90, 1, 0.05, 0.01, 0)).toMatchObject({ price: 0, delta: 0, gamma: 0, vega: 0 });
    // At the forward's money the vega keeps its σ → 0 limit S e^{−qT} √T / √(2π).
    const atForward = option('call', 100, 100, 1, 0.03, 0.03, 0);
    expect(atForward.vega).toBeCloseTo((100 * Math.exp(-0.03)) / Math.sqrt(2 * Math.PI), 12);
    expect(atForward.delta).toBeCloseTo(0.5 * Math.exp(-0.03), 15);
  });

  test.prop([
    fc.constantFrom<Type>('call', 'put'),
    fc.double({ min: 1, max: 1000, noNaN: true }),
    fc.double({ min: 0.5, max: 2, noNaN: true }),
    fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true })),
    fc.double({ min: -0.05, max: 0.2, noNaN: true }),
    fc.double({ min: 0, max: 0.1, noNaN: true }),
    fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true })),
  ])('every output is a finite number', (type, spot, moneyness, years, rate, q, volatility) => {
    const result = option(type, spot, spot * moneyness, years, rate, q, volatility);
    for (const value of Object.values(result)) expect(Number.isFinite(value)).toBe(true);
    expect(result.price).toBeGreaterThanOrEqual(0);
  });
});

describe('priceOption: properties', () => {
  const inputs = [
    fc.double({ min: 1, max: 1000, noNaN: true }),
    fc.double({ min: 0.5, max: 2, noNaN: true }),
    fc.double({ min: 1 / 365, max: 3, noNaN: true }),
    fc.double({ min: -0.01, max: 0.1, noNaN: true }),
    fc.double({ min: 0, max: 0.05, noNaN: true }),
    fc.double({ min: 0.01, max: 3, noNaN: true }),
  ] as const;

  test.prop([...inputs])('put–call parity C − P = S e^{−qT} − K e^{−rT}', (spot, moneyness, years, rate, q, volatility) => {
    const strike = spot * moneyness;
    const call = option('call', spot, strike, years, rate, q, volatility);
    const put = option('put', spot, strike, years, rate, q, volatility);
    const parity = spot * Math.exp(-q * years) - strike * Math.exp(-rate * years);
    expect(Math.abs(call.price - put.price - parity)).toBeLessThan(1e-12 * Math.max(spot, strike));
    expect(call.delta - put.delta).toBeCloseTo(Math.exp(-q * years), 14);
    expect(call.gamma).toBe(put.gamma);
    expect(call.vega).toBe(put.vega);
  });

  test.prop([fc.constantFrom<Type>('call', 'put'), ...inputs])(
    'greeks agree with central differences of the price',
    (type, spot, moneyness, years, rate, q, volatility) => {
      const strike = spot * moneyness;
      const at = (d: Partial<OptionPricingInput>) =>
        priceOption({ type, spot, strike, years, rate, dividendYield: q, volatility, ...d }).price;
      const greeks = option(type, spot, strike, years, rate, q, volatility);
      // Steps scaled to each input's natural unit; Richardson extrapolation of two central differences
      // cancels the h² truncation term, which alone reaches 1e-5 for vega deep in the money at low vol.
      const central = (d: (h: number) => Partial<OptionPricingInput>, h: number) => {
        const difference = (k: number) => (at(d(k)) - at(d(-k))) / (2 * k);
        return (4 * difference(h / 2) - difference(h)) / 3;
      };
      const close = (estimate: number, exact: number, scale: number) => {
        expect(Math.abs(estimate - exact)).toBeLessThan(1e-5 * Math.max(1, Math.abs(exact), scale));
      };
      const totalVolatility = volatility * Math.sqrt(years);
      close(central((h) => ({ spot: spot + h }), 1e-3 * spot * totalVolatility), greeks.delta, 0);
      close(central((h) => ({ volatility: volatility + h }), 1e-3 * volatility), greeks.vega, 0);
      close(central((h) => ({ rate: rate + h }), 1e-5), greeks.rho, 0);
      close(central((h) => ({ dividendYield: q + h }), 1e-5), greeks.dividendRho, 0);
      close(-central((h) => ({ years: years + h }), 1e-4 * years), greeks.theta, 0);
    },
  );
});
