import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { impliedVolatility, type ImpliedVolatilityInput, type NoImpliedVolatility } from './implied-volatility.js';
import { priceOption } from './price-option.js';

type Type = ImpliedVolatilityInput['type'];
const KINDS: readonly NoImpliedVolatility['kind'][] = ['below_intrinsic', 'above_upper_bound', 'not_identifiable', 'invalid_input'];

const solve = (type: Type, spot: number, strike: number, years: number, rate: number, dividendYield: number, price: number) =>
  impliedVolatility({ type, spot, strike, years, rate, dividendYield, price });
const kindOf = (result: ReturnType<typeof solve>): string => (result.isErr() ? result.error.kind : 'ok');

/** The out-of-the-money side's price: the option's time value, discounted. */
const timeValue = (market: Omit<ImpliedVolatilityInput, 'price' | 'type'>, volatility: number): number =>
  Math.min(priceOption({ ...market, type: 'call', volatility }).price, priceOption({ ...market, type: 'put', volatility }).price);

/** A value or a typed error: never NaN, never a thrown exception. */
function expectWellFormed(result: ReturnType<typeof solve>): void {
  if (result.isOk()) {
    expect(Number.isFinite(result.value) && result.value > 0).toBe(true);
  } else {
    expect(KINDS).toContain(result.error.kind);
    expect(result.error.message.length).toBeGreaterThan(0);
  }
}

describe('impliedVolatility: options-math §3.3', () => {
  it('undiscounted Black F = K = 100, T = 0.5: round trip to σ = 0.2 within 1e-12', () => {
    expect(Math.abs(solve('call', 100, 100, 0.5, 0, 0, 5.637197779701664)._unsafeUnwrap() - 0.2)).toBeLessThan(1e-12);
  });

  it('normalised Black x = ln(100/95), s = 0.3√0.5: both sides back to σ = 0.3', () => {
    const scale = Math.sqrt(100 * 95);
    expect(solve('put', 100, 95, 0.5, 0, 0, 0.061296663817558904 * scale)._unsafeUnwrap()).toBeCloseTo(0.3, 12);
    expect(solve('call', 100, 95, 0.5, 0, 0, 0.11259558142181655 * scale)._unsafeUnwrap()).toBeCloseTo(0.3, 12);
  });

  it('BS S = K = 100, T = 0.5, r = 0.01: call 5.87602423383 and put 5.3772721531 give σ = 0.2', () => {
    expect(solve('call', 100, 100, 0.5, 0.01, 0, 5.87602423383)._unsafeUnwrap()).toBeCloseTo(0.2, 10);
    expect(solve('put', 100, 100, 0.5, 0.01, 0, 5.3772721531)._unsafeUnwrap()).toBeCloseTo(0.2, 9);
  });

  it('the hard case S = 1, K = 1.5, T = 1, call 9.01002030924287e-27 returns 0.04', () => {
    expect(Math.abs(solve('call', 1, 1.5, 1, 0, 0, 9.01002030924287e-27)._unsafeUnwrap() - 0.04)).toBeLessThan(1e-10);
    // The same option as an in-the-money put: its time value is below double rounding of the price.
    const put = solve('put', 1, 1.5, 1, 0, 0, 0.5 + 9.01002030924287e-27);
    expect(kindOf(put)).toBe('not_identifiable');
  });

  it('QuantLib testImpliedVol grid: σ back to 1e-6 wherever the price depends on it', () => {
    let solved = 0;
    for (const type of ['call', 'put'] as const)
      for (const strike of [50, 99.5, 100, 100.5, 150])
        for (const spot of [80, 95, 99.9, 100, 100.1, 105, 120])
          for (const q of [0.01, 0.05, 0.1])
            for (const rate of [0.01, 0.05, 0.1])
              for (const volatility of [0.01, 0.2, 0.3, 0.7, 0.9])
                for (const days of [36, 180, 360, 1080]) {
                  const market = { type, spot, strike, years: days / 360, rate, dividendYield: q };
                  const { price, vega } = priceOption({ ...market, volatility });
                  const result = impliedVolatility({ ...market, price });
                  expectWellFormed(result);
                  if (result.isErr()) {
                    // Only a time value inside the rounding of the price goes unidentified.
                    expect(result.error.kind).toBe('not_identifiable');
                    expect(timeValue(market, volatility)).toBeLessThan(1e-14 * Math.max(spot, strike));
                    continue;
                  }
                  solved++;
                  const repriced = priceOption({ ...market, volatility: result.value }).price;
                  expect(Math.abs(repriced - price)).toBeLessThan(1e-10 * Math.max(1, price));
                  if (vega > 1e-4) expect(Math.abs(result.value - volatility)).toBeLessThan(1e-6);
                }
    expect(solved).toBeGreaterThan(11_000);
  });
});

describe('impliedVolatility: the hard cases answer a value or a typed error', () => {
  const call = { type: 'call', spot: 100, strike: 90, years: 0.5, rate: 0.05, dividendYield: 0.01 } as const;
  const lowerBound = 100 * Math.exp(-0.01 * 0.5) - 90 * Math.exp(-0.05 * 0.5);

  it('below intrinsic, at and above the upper bound', () => {
    expect(kindOf(impliedVolatility({ ...call, price: lowerBound - 1e-6 }))).toBe('below_intrinsic');
    expect(kindOf(impliedVolatility({ ...call, price: -1 }))).toBe('below_intrinsic');
    expect(kindOf(impliedVolatility({ ...call, price: 100 * Math.exp(-0.01 * 0.5) }))).toBe('above_upper_bound');
    expect(kindOf(impliedVolatility({ ...call, type: 'put', price: 90 * Math.exp(-0.05 * 0.5) }))).toBe('above_upper_bound');
  });

  it('exactly intrinsic or zero: not identifiable', () => {
    expect(kindOf(impliedVolatility({ ...call, price: lowerBound }))).toBe('not_identifiable');
    expect(kindOf(impliedVolatility({ ...call, strike: 120, price: 0 }))).toBe('not_identifiable');
  });

  it('no time left: not identifiable, and still a bounds check first', () => {
    expect(kindOf(impliedVolatility({ ...call, years: 0, price: 10.5 }))).toBe('not_identifiable');
    expect(kindOf(impliedVolatility({ ...call, years: 0, price: 9 }))).toBe('below_intrinsic');
    const tiny = { ...call, strike: 100, years: 1e-12 };
    const { price } = priceOption({ ...tiny, volatility: 0.3 });
    expect(impliedVolatility({ ...tiny, price })._unsafeUnwrap()).toBeCloseTo(0.3, 6);
  });

  it('deep in the money: a value while time value survives rounding, else not identifiable', () => {
    const deep = { type: 'call', spot: 100, strike: 20, years: 1, rate: 0.03, dividendYield: 0 } as const;
    const { price } = priceOption({ ...deep, volatility: 0.8 });
    expect(impliedVolatility({ ...deep, price })._unsafeUnwrap()).toBeCloseTo(0.8, 8);
    const flat = priceOption({ ...deep, volatility: 0.05 }).price;
    expect(kindOf(impliedVolatility({ ...deep, price: flat }))).toBe('not_identifiable');
  });

  it('negative rates, far out of the money and very high volatility', () => {
    const market = { type: 'put', spot: 100, strike: 60, years: 0.1, rate: -0.01, dividendYield: 0.02 } as const;
    for (const volatility of [0.05, 0.5, 5, 20]) {
      const { price } = priceOption({ ...market, volatility });
      const result = impliedVolatility({ ...market, price });
      expectWellFormed(result);
      if (result.isOk()) expect(Math.abs(priceOption({ ...market, volatility: result.value }).price - price)).toBeLessThan(1e-12);
    }
  });

  it('invalid inputs', () => {
    expect(kindOf(impliedVolatility({ ...call, price: Number.NaN }))).toBe('invalid_input');
    expect(kindOf(impliedVolatility({ ...call, spot: 0, price: 1 }))).toBe('invalid_input');
    expect(kindOf(impliedVolatility({ ...call, strike: Number.POSITIVE_INFINITY, price: 1 }))).toBe('invalid_input');
    expect(kindOf(impliedVolatility({ ...call, years: -1, price: 1 }))).toBe('invalid_input');
  });

  test.prop([
    fc.constantFrom<Type>('call', 'put'),
    fc.double(),
    fc.double(),
    fc.double(),
    fc.double(),
    fc.double(),
    fc.double(),
  ])('any doubles at all, NaN and infinities included: never NaN', (type, spot, strike, years, rate, q, price) => {
    expectWellFormed(solve(type, spot, strike, years, rate, q, price));
  });
});

/**
 * Mostly uniform on [min, max], with fast-check's boundary-biased doubles one time in five: the
 * biased ones alone put ~40 % of cases at corners (1 day, 1 % vol, 2× moneyness) with no time value.
 */
const between = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 ** 30 }).map((i) => min + ((max - min) * i) / 2 ** 30) },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true }) },
  );

describe('impliedVolatility: round trip over a wide grid', () => {
  test.prop(
    [
      fc.constantFrom<Type>('call', 'put'),
      between(1, 1000),
      between(0.5, 2),
      between(1 / 365, 3),
      between(0.01, 3),
      between(-0.01, 0.1),
      between(0, 0.05),
    ],
    { numRuns: 3000 },
  )(
    '|price(iv) − price| < 1e-10·max(1, price) where vega is not tiny; a typed error otherwise',
    (type, spot, moneyness, years, volatility, rate, q) => {
      const market = { type, spot, strike: spot * moneyness, years, rate, dividendYield: q };
      const { price, vega } = priceOption({ ...market, volatility });
      const result = impliedVolatility({ ...market, price });
      expectWellFormed(result);
      if (result.isErr()) {
        // Only a time value inside the rounding of the price goes unidentified.
        expect(result.error.kind).toBe('not_identifiable');
        expect(timeValue(market, volatility)).toBeLessThan(1e-14 * Math.max(spot, market.strike));
        return;
      }
      const repriced = priceOption({ ...market, volatility: result.value }).price;
      expect(Math.abs(repriced - price)).toBeLessThan(1e-10 * Math.max(1, price));
      if (vega > 1e-3 * spot) expect(Math.abs(result.value - volatility)).toBeLessThan(1e-8 * volatility);
    },
  );
});
