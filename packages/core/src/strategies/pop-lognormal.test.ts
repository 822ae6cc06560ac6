import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { probabilityFinishAbove } from '../options/lognormal.js';
import { lognormalPop } from './pop-lognormal.js';
import { smileVolatility } from './smile.js';
import type { EntryContext, MarketHistory, SmileShape } from './types.js';

const rules = { shortDelta: 0.16, wingWidth: 5, entryDte: 45, profitTakePct: 0.5, managementDte: null, stopLossMultiple: null };
const historyAt = (close: number, atmVol: number, smile: SmileShape, rate = 0, dividendYield = 0): MarketHistory => ({
  ticker: 'X',
  sessions: [{ date: '2024-01-02', close, atmVol }],
  rate,
  dividendYield,
  smile,
  spread: { atm: 0.05, perZ2: 0 },
});
const vectorA = (smile: SmileShape): EntryContext => ({
  history: historyAt(100, 0.2, smile),
  index: 0,
  dte: 45,
  strikes: { longPut: 90, shortPut: 95, shortCall: 105, longCall: 110 },
  credit: 1.473729,
  rules,
});

describe('lognormalPop', () => {
  it('is the breakeven POP of options-math §3.4 vector A on a flat smile', () => {
    expect(lognormalPop(vectorA({ skew: 0, curvature: 0 }))).toBeCloseTo(0.644065, 6);
  });

  it('takes each breakeven’s probability at the smile volatility there', () => {
    const smile = { skew: 0.15, curvature: 0.05 };
    const years = 45 / 365;
    const at = (level: number) => probabilityFinishAbove({ spot: 100, years, rate: 0, dividendYield: 0, volatility: smileVolatility(smile, 0.2, years, level, 100) }, level);
    const expected = at(95 - 1.473729) - at(105 + 1.473729);
    expect(lognormalPop(vectorA(smile))).toBeCloseTo(expected, 12);
    expect(lognormalPop(vectorA(smile))).not.toBeCloseTo(0.644065, 3);
  });

  it('is 0 for an entry outside the history', () => {
    expect(lognormalPop({ ...vectorA({ skew: 0, curvature: 0 }), index: 3 })).toBe(0);
  });

  test.prop([
    fc.double({ min: 20, max: 500, noNaN: true }),
    fc.double({ min: 0.05, max: 1, noNaN: true }),
    fc.integer({ min: 1, max: 120 }),
    fc.double({ min: 0.01, max: 0.2, noNaN: true }),
    fc.double({ min: 0, max: 0.4, noNaN: true }),
  ])('is a probability, and a wider profit zone never lowers it', (spot, atmVol, dte, halfWidth, skew) => {
    const entry = (credit: number): EntryContext => ({
      history: historyAt(spot, atmVol, { skew, curvature: 0.05 }, 0.03, 0.01),
      index: 0,
      dte,
      strikes: { longPut: spot * (1 - 2 * halfWidth), shortPut: spot * (1 - halfWidth), shortCall: spot * (1 + halfWidth), longCall: spot * (1 + 2 * halfWidth) },
      credit,
      rules,
    });
    const narrow = lognormalPop(entry(0.001 * spot));
    const wide = lognormalPop(entry(0.002 * spot));
    for (const pop of [narrow, wide]) {
      expect(pop).toBeGreaterThanOrEqual(0);
      expect(pop).toBeLessThanOrEqual(1);
    }
    expect(wide).toBeGreaterThanOrEqual(narrow - 1e-12);
  });
});
