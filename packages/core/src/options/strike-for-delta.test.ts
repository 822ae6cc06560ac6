import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { priceOption } from './price-option.js';
import { strikeForDelta } from './strike-for-delta.js';

const market = { spot: 100, years: 45 / 365, rate: 0, dividendYield: 0, volatility: 0.2 };

describe('strikeForDelta', () => {
  it('finds the short strikes of options-math §3.4 vector A from their deltas', () => {
    expect(strikeForDelta({ ...market, type: 'put', delta: -0.221978 })._unsafeUnwrap()).toBeCloseTo(95, 4);
    expect(strikeForDelta({ ...market, type: 'call', delta: 0.254736 })._unsafeUnwrap()).toBeCloseTo(105, 4);
  });

  test.prop([
    fc.constantFrom('call' as const, 'put' as const),
    fc.double({ min: 0.01, max: 0.95, noNaN: true }),
    fc.double({ min: 1, max: 1000, noNaN: true }),
    fc.double({ min: 1 / 365, max: 3, noNaN: true }),
    fc.double({ min: -0.01, max: 0.1, noNaN: true }),
    fc.double({ min: 0, max: 0.05, noNaN: true }),
    fc.double({ min: 0.01, max: 3, noNaN: true }),
  ])('the strike returned has the target |delta|', (type, delta, spot, years, rate, dividendYield, volatility) => {
    const input = { type, delta, spot, years, rate, dividendYield, volatility };
    const reachable = delta < Math.exp(-dividendYield * years);
    const result = strikeForDelta(input);
    expect(result.isOk()).toBe(reachable);
    if (result.isErr()) return;
    const strike = result.value;
    expect(Math.abs(Math.abs(priceOption({ ...input, strike }).delta) - delta)).toBeLessThan(1e-12);
  });

  it('rejects a delta no strike reaches, and bad market inputs', () => {
    const kind = (change: object) => strikeForDelta({ ...market, type: 'call', delta: 0.3, ...change });
    expect(kind({ delta: 0 })._unsafeUnwrapErr()).toMatchObject({ kind: 'invalid_input', field: 'delta' });
    expect(kind({ delta: 1 })._unsafeUnwrapErr()).toMatchObject({ field: 'delta' });
    expect(kind({ delta: 0.999, dividendYield: 0.05, years: 1 })._unsafeUnwrapErr()).toMatchObject({ field: 'delta' });
    expect(kind({ volatility: 0 })._unsafeUnwrapErr()).toMatchObject({ field: 'volatility' });
    expect(kind({ years: 0 })._unsafeUnwrapErr()).toMatchObject({ field: 'years' });
    expect(kind({ spot: Number.NaN })._unsafeUnwrapErr()).toMatchObject({ field: 'spot' });
  });
});
