import { describe, expect, it } from 'vitest';
import type { BacktestSettings, FillRule, MarketHistory } from '../types.js';
import { syntheticHistory } from './history-fixture.js';
import { runContext } from './run-context.js';
import { shapeSource, type TradeShape } from './trade-shape.js';

const history: MarketHistory = { ...syntheticHistory({ seed: 3, sessions: 120, spot: 100, volatility: 0.2, impliedVolatility: 0.22 }), spread: { atm: 0.1, perZ2: 0.3 } };
const settings = (fill: FillRule): BacktestSettings => ({
  firstEntryIndex: 0,
  entryIntervalSessions: 5,
  dteMin: 25,
  dteMax: 50,
  ivRankGate: { mode: 'off', threshold: 0 },
  maxCapital: 10_000,
  riskPerTrade: 0.25,
  popModel: 'lognormal',
  seed: 1,
  execution: { fill, commissionPerContract: 0 },
});
const shapes = (fill: FillRule): TradeShape[] =>
  shapeSource(runContext(history, settings(fill)), 0.16, [5])(35, 5).filter((shape): shape is TradeShape => typeof shape !== 'string');

describe('fills: the natural price, or the worst price of the person’s default band', () => {
  const natural = shapes({ kind: 'natural' });
  const tight = shapes({ kind: 'band', worstFromMid: 0.01 });
  const wide = shapes({ kind: 'band', worstFromMid: 5 });

  it('a band fills between the mid and the natural price: a higher credit and a lower debit to close', () => {
    expect(natural.length).toBeGreaterThan(5);
    expect(tight.length).toBeGreaterThanOrEqual(natural.length);
    for (const band of tight) {
      const same = natural.find((shape) => shape.entry.index === band.entry.index && shape.expiryIndex === band.expiryIndex);
      if (same === undefined) continue;
      expect(band.strikes).toEqual(same.strikes);
      expect(band.credit).toBeGreaterThan(same.credit);
      band.debits.forEach((debit, k) => {
        expect(debit).toBeLessThanOrEqual((same.debits[k] ?? 0) + 1e-12);
      });
    }
  });

  it('a band wider than the spread is cut at the natural price', () => {
    expect(wide.map((shape) => [shape.credit, Array.from(shape.debits)])).toEqual(natural.map((shape) => [shape.credit, Array.from(shape.debits)]));
  });
});
