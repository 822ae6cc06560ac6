import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { realisedVolatility } from './realised-volatility.js';
import type { HistorySession } from './types.js';

const fromCloses = (closes: readonly number[]): HistorySession[] => closes.map((close, i) => ({ date: `d${i}`, close, atmVol: 0.2 }));
/** Closes whose log returns are the given ones, from 100. */
const fromReturns = (returns: readonly number[]): HistorySession[] => {
  const closes = [100];
  for (const r of returns) closes.push((closes[closes.length - 1] ?? 100) * Math.exp(r));
  return fromCloses(closes);
};

describe('realisedVolatility', () => {
  it('annualises the sample standard deviation of the last `window` log returns', () => {
    // 22 alternating ±1 % returns; the last 21 are 11 × +1 %, 10 × −1 % (mean 1/21 %).
    const returns = Array.from({ length: 22 }, (_, i) => (i % 2 === 0 ? -0.01 : 0.01));
    const last = returns.slice(-21);
    const mean = last.reduce((a, b) => a + b, 0) / 21;
    const variance = last.reduce((sum, r) => sum + (r - mean) ** 2, 0) / 20;
    expect(realisedVolatility(fromReturns(returns), 22)).toBeCloseTo(Math.sqrt(variance * 252), 12);
    expect(realisedVolatility(fromReturns(returns), 22)).toBeCloseTo(0.01 * Math.sqrt(252) * Math.sqrt(21 / 20) * Math.sqrt(1 - 1 / 441), 10);
  });

  it('is 0 for a constant price', () => {
    expect(realisedVolatility(fromCloses(Array<number>(30).fill(50)), 29)).toBe(0);
  });

  it('null without `window` returns before the index, or with a bad window or close', () => {
    const history = fromCloses(Array.from({ length: 30 }, (_, i) => 100 + i));
    expect(realisedVolatility(history, 20)).toBeNull();
    expect(realisedVolatility(history, 21)).not.toBeNull();
    expect(realisedVolatility(history, 30)).toBeNull();
    expect(realisedVolatility(history, 10, 1)).toBeNull();
    expect(realisedVolatility(fromCloses([100, 0, 100, 101]), 3, 3)).toBeNull();
  });

  test.prop([fc.array(fc.double({ min: -0.1, max: 0.1, noNaN: true }), { minLength: 21, maxLength: 60 }), fc.double({ min: 0.01, max: 1000, noNaN: true })])(
    'depends on the returns only: rescaling every close changes nothing',
    (returns, scale) => {
      const history = fromReturns(returns);
      const scaled = history.map((session) => ({ ...session, close: session.close * scale }));
      const index = returns.length;
      const value = realisedVolatility(history, index);
      expect(value).not.toBeNull();
      expect(value!).toBeGreaterThanOrEqual(0);
      expect(realisedVolatility(scaled, index)).toBeCloseTo(value!, 8);
    },
  );
});
