import { describe, expect, it } from 'vitest';
import type { BacktestSettings, RuleSet } from '../types.js';
import type { RunContext, ScheduledEntry } from './run-context.js';
import { simulate } from './simulate.js';
import type { ShapeSkip, TradeShape } from './trade-shape.js';

const settings: BacktestSettings = {
  firstEntryIndex: 0,
  entryIntervalSessions: 2,
  dteMin: 1,
  dteMax: 10,
  ivRankGate: { mode: 'off', threshold: 0 },
  maxCapital: 1000,
  riskPerTrade: 0.3,
  popModel: 'lognormal',
  seed: 1,
  execution: { fill: { kind: 'natural' }, commissionPerContract: 0 },
};
const days = Array.from({ length: 12 }, (_, i) => i);
const entries: ScheduledEntry[] = [0, 2, 4, 6, 8].map((index) => ({ index, gateOpen: true, ivRank: null, forecastVolatility: 0.2, expiries: [] }));
const context = { history: { sessions: [] }, settings, days, indexOfDay: new Map(), entries } as unknown as RunContext;
const hold: RuleSet = { shortDelta: 0.16, wingWidth: 5, entryDte: 4, profitTakePct: null, managementDte: null, stopLossMultiple: null };

/** A held-to-expiry condor from `entry` to `expiryIndex` with a $1 credit on $5 wings: $400 max loss a contract. */
const shape = (entry: ScheduledEntry, expiryIndex: number, credit = 1): TradeShape => ({
  entry,
  expiryIndex,
  expiry: '',
  dte: expiryIndex - entry.index,
  strikes: { longPut: 90, shortPut: 95, shortCall: 105, longCall: 110 },
  credit,
  wingWidth: 5,
  debits: new Float64Array(expiryIndex - entry.index).fill(credit),
  settlement: 0,
  expectedValuePerContract: 0,
  entrySoldMids: 0,
  longPut: { bid: new Float64Array(0), ask: new Float64Array(0) },
  longCall: { bid: new Float64Array(0), ask: new Float64Array(0) },
  offset: 0,
  expiryLegs: { legs: 0, sold: 0, soldPrices: 0 },
});
const source = (list: (TradeShape | ShapeSkip)[]) => () => list;

describe('simulate: sizing within the capital', () => {
  it('sizes at ⌊budget / max loss⌋, at least one, cut to the room left', () => {
    const [e0, e1, e2] = entries as [ScheduledEntry, ScheduledEntry, ScheduledEntry];
    // Budget $300 < $400: one contract each. $1,000 holds two; the third finds $200 of room.
    const { taken, skipped } = simulate(context, source([shape(e0, 10), shape(e1, 10), shape(e2, 10), 'no_credit', 'gate']), hold);
    expect(taken.map((t) => t.qty)).toEqual([1, 1]);
    expect(skipped).toBe(3);
    // A $0.50 max loss a contract ($4.995 credit): budget $300 buys 600 contracts, the room (1000 − 600·0.5 = 700) 1,400.
    const cheap = simulate({ ...context, settings: { ...settings, riskPerTrade: 0.3 } }, source([shape(e0, 10, 4.995), shape(e1, 10, 4.995)]), hold);
    expect(cheap.taken.map((t) => t.qty)).toEqual([600, 600]);
    // At 90 % a trade ($900): two $400 contracts, then a $100-max-loss trade wants nine but $200 of room takes two.
    const big = simulate({ ...context, settings: { ...settings, riskPerTrade: 0.9 } }, source([shape(e0, 10), shape(e1, 10, 4), shape(e2, 10, 4)]), hold);
    expect(big.taken.map((t) => t.qty)).toEqual([2, 2]);
    expect(big.skipped).toBe(1);
  });

  it('a trade that exits at a close frees its capital for an entry at that same close', () => {
    const [e0, e1, e2, e3] = entries as [ScheduledEntry, ScheduledEntry, ScheduledEntry, ScheduledEntry];
    // Trade 0 expires at session 4, exactly when entry 2 comes; trade 1 is still open then.
    const { taken } = simulate(context, source([shape(e0, 4), shape(e1, 7), shape(e2, 9), shape(e3, 11)]), hold);
    expect(taken.map((t) => [t.shape.entry.index, t.exit.index])).toEqual([
      [0, 4],
      [2, 7],
      [4, 9],
    ]);
  });
});
