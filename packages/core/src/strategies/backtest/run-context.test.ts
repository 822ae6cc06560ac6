import { describe, expect, it } from 'vitest';
import { formatDay } from '../../calendar/days.js';
import type { BacktestSettings, IvRankGate, MarketHistory } from '../types.js';
import { tradingDays } from './history-fixture.js';
import { entrySchedule, runContext } from './run-context.js';

const settings: BacktestSettings = {
  firstEntryIndex: 198,
  entryIntervalSessions: 1,
  dteMin: 20,
  dteMax: 40,
  ivRankGate: { mode: 'off', threshold: 50 },
  maxCapital: 1000,
  riskPerTrade: 0.25,
  popModel: 'lognormal',
  seed: 1,
  execution: { fill: { kind: 'natural' }, commissionPerContract: 0 },
};
// 199 sessions rising from 20.005 % to 21.985 %, then 0.3 (rank 100), 0.2 (rank 0) and 0.21 (rank 10).
const vols = [...Array.from({ length: 199 }, (_, i) => 0.2 + (i + 0.5) / 10_000), 0.3, 0.2, 0.21];
const history: MarketHistory = {
  ticker: 'X',
  sessions: tradingDays(19_000, vols.length).map((day, i) => ({ date: formatDay(day), close: 100, atmVol: vols[i]! })),
  rate: 0,
  dividendYield: 0,
  smile: { skew: 0, curvature: 0 },
  spread: { atm: 0.05, perZ2: 0 },
};
const gates = (gate: IvRankGate) => runContext(history, { ...settings, ivRankGate: gate }).entries.map((entry) => entry.gateOpen);

describe('runContext', () => {
  it('computes IV rank per entry, null before 200 points', () => {
    const ranks = runContext(history, settings).entries.map((entry) => entry.ivRank);
    expect(ranks[0]).toBeNull(); // index 198: 199 points
    expect(ranks[1]).toBeCloseTo(100, 9);
    expect(ranks[2]).toBe(0);
    expect(ranks[3]).toBeCloseTo(10, 9);
    expect(runContext(history, settings).entries[3]?.gateOpen).toBe(true);
  });

  it('applies the gate: off, minimum, maximum, percentile_minimum; a null rank closes it', () => {
    expect(gates({ mode: 'off', threshold: 50 })).toEqual([true, true, true, true]);
    expect(gates({ mode: 'minimum', threshold: 50 })).toEqual([false, true, false, false]);
    expect(gates({ mode: 'minimum', threshold: 5 })).toEqual([false, true, false, true]);
    expect(gates({ mode: 'maximum', threshold: 5 })).toEqual([false, false, true, false]);
    expect(gates({ mode: 'maximum', threshold: 50 })).toEqual([false, false, true, true]);
    // Percentiles: 100 (above all 199 before), 0, then 0.21 is above 101 of the 201 days before it
    // (the first 100 rising ones and the 0.2): 50.25.
    expect(gates({ mode: 'percentile_minimum', threshold: 50 })).toEqual([false, true, false, true]);
    expect(gates({ mode: 'percentile_minimum', threshold: 50.5 })).toEqual([false, true, false, false]);
  });

  it('takes the realised volatility as the forecast, else the ATM IV', () => {
    const [first] = runContext(history, settings).entries;
    expect(first?.forecastVolatility).toBe(0); // a constant close
    const early = runContext(history, { ...settings, firstEntryIndex: 5 }).entries[0];
    expect(early?.forecastVolatility).toBe(vols[5]);
  });
});

describe('entrySchedule', () => {
  it('steps from firstEntryIndex by the interval, inside the history', () => {
    expect(entrySchedule({ ...settings, firstEntryIndex: 3, entryIntervalSessions: 5 }, 20)).toEqual([3, 8, 13, 18]);
    expect(entrySchedule({ ...settings, firstEntryIndex: 25, entryIntervalSessions: 5 }, 20)).toEqual([]);
  });
});
