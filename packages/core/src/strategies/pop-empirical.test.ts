import { describe, expect, it } from 'vitest';
import { probabilityFinishAbove } from '../options/index.js';
import { empiricalPop, holdingSessions } from './pop-empirical.js';
import { SeededRandom } from './seeded-random.js';
import type { CondorStrikes, EntryContext, HistorySession, MarketHistory, RuleSet } from './types.js';

const RULES: RuleSet = { shortDelta: 0.16, wingWidth: 5, entryDte: 45, profitTakePct: 0.5, managementDte: 21, stopLossMultiple: null };

function history(closes: readonly number[], atmVol = 0.2): MarketHistory {
  const sessions: HistorySession[] = closes.map((close, i) => ({ date: `day-${String(i).padStart(4, '0')}`, close, atmVol }));
  return { ticker: 'SPY', sessions, rate: 0.03, dividendYield: 0.01, smile: { skew: 0.1, curvature: 0.04 }, spread: { atm: 0.05, perZ2: 0.3 } };
}

function entry(market: MarketHistory, index: number, dte: number, strikes: CondorStrikes, credit: number): EntryContext {
  return { history: market, index, dte, strikes, credit, rules: RULES };
}

/** Closes from 100 by the given session-to-session ratios. */
function closesFrom(ratios: readonly number[]): number[] {
  const closes = [100];
  for (const ratio of ratios) closes.push((closes.at(-1) ?? 100) * ratio);
  return closes;
}

describe('holdingSessions', () => {
  it('is round(dte · 252 / 365), at least 1', () => {
    expect(holdingSessions(45)).toBe(31);
    expect(holdingSessions(7)).toBe(5);
    expect(holdingSessions(1)).toBe(1);
    expect(holdingSessions(0)).toBe(1);
  });
});

describe('empiricalPop', () => {
  it('counts one-session windows by hand: half of the daily moves land between the breakevens', () => {
    // Ratios repeat 1.01 (in), 1.08 (out), 0.90 (out), 1.00 (in); 80 windows of h = 1 (dte 1).
    const ratios = Array.from({ length: 80 }, (_, i) => [1.01, 1.08, 0.9, 1][i % 4] ?? 1);
    const closes = closesFrom(ratios);
    const spot = closes[80] ?? 0;
    // Breakevens at 0.97 and 1.05 of the entry close.
    const strikes = { longPut: spot * 0.9, shortPut: spot * 0.97 + 1, shortCall: spot * 1.05 - 1, longCall: spot * 1.1 };
    expect(empiricalPop(entry(history(closes), 80, 1, strikes, 1))).toBe(0.5);
  });

  it('counts five-session windows by hand: a one-day spike spoils exactly two of them', () => {
    const closes = Array.from({ length: 101 }, (_, i) => (i === 30 ? 120 : 100));
    const strikes = { longPut: 85, shortPut: 92, shortCall: 108, longCall: 115 };
    // dte 7 → h = 5; windows j = 0..95; j = 25 sees 100 → 120 and j = 30 sees 120 → 100.
    expect(empiricalPop(entry(history(closes), 100, 7, strikes, 1))).toBe(94 / 96);
  });

  it('needs the close strictly between the breakevens', () => {
    const closes = Array.from({ length: 100 }, () => 100);
    const onTheLowBreakeven = { longPut: 95, shortPut: 101, shortCall: 110, longCall: 115 };
    expect(empiricalPop(entry(history(closes), 99, 10, onTheLowBreakeven, 1))).toBe(0);
    const onTheHighBreakeven = { longPut: 85, shortPut: 90, shortCall: 99, longCall: 105 };
    expect(empiricalPop(entry(history(closes), 99, 10, onTheHighBreakeven, 1))).toBe(0);
  });

  it('does not look ahead: sessions after the entry change nothing', () => {
    const random = new SeededRandom(3);
    const closes = closesFrom(Array.from({ length: 200 }, () => Math.exp(0.015 * random.normal())));
    const spot = closes[150] ?? 0;
    const strikes = { longPut: spot - 15, shortPut: spot - 5, shortCall: spot + 5, longCall: spot + 15 };
    const base = empiricalPop(entry(history(closes), 150, 30, strikes, 1.5));
    const future = closes.map((close, i) => (i > 150 ? close * (i % 2 === 0 ? 3 : 0.2) : close));
    expect(empiricalPop(entry(history(future), 150, 30, strikes, 1.5))).toBe(base);
    expect(empiricalPop(entry(history(future.slice(0, 151)), 150, 30, strikes, 1.5))).toBe(base);
    expect(base).toBeGreaterThan(0);
    expect(base).toBeLessThan(1);
  });

  it('falls back to the flat lognormal breakeven POP with fewer than 60 windows', () => {
    const closes = Array.from({ length: 200 }, () => 100);
    const strikes = { longPut: 90, shortPut: 95, shortCall: 105, longCall: 110 };
    const market = history(closes, 0.25);
    const lognormal = { spot: 100, years: 45 / 365, rate: 0.03, dividendYield: 0.01, volatility: 0.25 };
    const expected = probabilityFinishAbove(lognormal, 95 - 1.4) - probabilityFinishAbove(lognormal, 105 + 1.4);
    // h = 31: index 89 gives 59 windows, index 90 gives 60.
    expect(empiricalPop(entry(market, 89, 45, strikes, 1.4))).toBeCloseTo(expected, 15);
    expect(empiricalPop(entry(market, 90, 45, strikes, 1.4))).toBe(1);
    expect(empiricalPop(entry(market, 0, 45, strikes, 1.4))).toBeCloseTo(expected, 15);
  });

  it('is 0, not negative or NaN, when the breakevens cross', () => {
    const closes = Array.from({ length: 10 }, () => 100);
    const strikes = { longPut: 90, shortPut: 100, shortCall: 101, longCall: 110 };
    expect(empiricalPop(entry(history(closes), 9, 30, strikes, -5))).toBe(0);
  });
});
