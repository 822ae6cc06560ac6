import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { lognormalPop } from '../pop-lognormal.js';
import { OBJECTIVES, type BacktestSettings, type EntryContext, type Objective, type RuleGrid } from '../types.js';
import { backtest } from './backtest.js';
import { expandGrid, strategyKey } from './expand-grid.js';
import { syntheticHistory } from './history-fixture.js';
import { optimize } from './optimizer.js';
import { entrySchedule } from './run-context.js';
import { sampleSplit } from './validation/windows.js';

const settings: BacktestSettings = {
  firstEntryIndex: 20,
  entryIntervalSessions: 5,
  dteMin: 20,
  dteMax: 45,
  ivRankGate: { mode: 'off', threshold: 50 },
  maxCapital: 5000,
  riskPerTrade: 0.25,
  popModel: 'lognormal',
  seed: 1,
  execution: { fill: { kind: 'natural' }, commissionPerContract: 0 },
};
const grid: RuleGrid = {
  shortDeltas: [0.16, 0.3],
  wingWidths: [2, 5],
  entryDtes: [21, 35],
  profitTakePcts: [0.5, null],
  managementDtes: [14, null],
  stopLossMultiples: [null, 2],
};

/** The last session whose close a run's ranking sees: trades closed after it are out of its sample. */
const lastSeen = (history: ReturnType<typeof syntheticHistory>, runSettings: BacktestSettings): string => {
  const { inSample } = sampleSplit(entrySchedule(runSettings, history.sessions.length), history.sessions.length);
  return history.sessions[inSample.lastExit]?.date ?? '';
};

/** A rule set's in-sample figures from its own backtest: the trades closed by the last session the ranking sees. */
function inSampleOf(result: ReturnType<typeof backtest>, lastDate: string) {
  const trades = result.trades.filter((trade) => trade.exitDate <= lastDate);
  const pnl = trades.reduce((sum, t) => sum + t.pnl, 0);
  const maxLoss = trades.reduce((sum, t) => sum + t.maxLoss, 0);
  return { trades, pnl, maxLoss, wins: trades.filter((t) => t.pnl > 0).length, expectedValue: trades.reduce((sum, t) => sum + t.expectedValue, 0) / trades.length };
}

/** The objective as the brief states it, over the in-sample trades (pnl_to_drawdown left out: its drawdown is the marked curve's). */
function inSampleScore(objective: Exclude<Objective, 'pnl_to_drawdown'>, s: ReturnType<typeof inSampleOf>): number {
  switch (objective) {
    case 'return_on_risk':
      return s.maxLoss > 0 ? s.pnl / s.maxLoss : 0;
    case 'total_pnl':
      return s.pnl;
    case 'expected_value':
      return s.expectedValue;
    case 'win_rate':
      return s.wins / s.trades.length;
  }
}

/** One `backtest` per rule set, sorted by the in-sample objective, then in-sample P/L, then grid order; sets without in-sample trades dropped. */
function bruteForce(history: ReturnType<typeof syntheticHistory>, runGrid: RuleGrid, runSettings: BacktestSettings, objective: Exclude<Objective, 'pnl_to_drawdown'>, topK: number) {
  const lastDate = lastSeen(history, runSettings);
  return expandGrid(runGrid)
    .map((rules, position) => ({ position, result: backtest(history, rules, runSettings, lognormalPop) }))
    .map((entry) => ({ ...entry, inSample: inSampleOf(entry.result, lastDate) }))
    .filter(({ inSample }) => inSample.trades.length > 0)
    .map((entry) => ({ ...entry, value: inSampleScore(objective, entry.inSample) }))
    .sort((a, b) => b.value - a.value || b.inSample.pnl - a.inSample.pnl || a.position - b.position)
    .slice(0, topK);
}

const walk = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  volatility: fc.double({ min: 0.08, max: 0.6, noNaN: true }),
  impliedVolatility: fc.double({ min: 0.1, max: 0.5, noNaN: true }),
});

describe('optimize', () => {
  const ranked = OBJECTIVES.filter((objective): objective is Exclude<Objective, 'pnl_to_drawdown'> => objective !== 'pnl_to_drawdown');
  test.prop([walk, fc.constantFrom(...ranked), fc.integer({ min: 1, max: 12 }), fc.double({ min: 800, max: 20_000, noNaN: true })], { numRuns: 12 })(
    'ranks on the in-sample trades exactly as one backtest per rule set would, best first, ranks 1..n',
    async (params, objective, topK, maxCapital) => {
      const history = syntheticHistory({ ...params, sessions: 160, spot: 100 });
      const runSettings = { ...settings, maxCapital };
      const { ranked: result, evaluated } = await optimize({ history, grid, settings: runSettings, objective, topK, pop: lognormalPop });
      const expected = bruteForce(history, grid, runSettings, objective, topK);

      expect(evaluated).toBe(expandGrid(grid).length);
      expect(result.map((s) => s.rank)).toEqual(expected.map((_, i) => i + 1));
      expect(result.map((s) => strategyKey(s.rules))).toEqual(expected.map((e) => strategyKey(e.result.rules)));
      result.forEach((strategy, i) => {
        const direct = expected[i]!;
        expect(strategy.metrics).toEqual(direct.result.metrics);
        expect(strategy.trades).toEqual(direct.result.trades);
        expect(strategy.objectiveValue).toBeCloseTo(direct.value, 9);
        expect(strategy.inSample.trades).toBe(direct.inSample.trades.length);
        expect(strategy.inSample.totalPnl).toBeCloseTo(direct.inSample.pnl, 6);
        expect(strategy.inSample.trades + strategy.outOfSample.trades).toBeLessThanOrEqual(strategy.metrics.trades);
      });
      for (let i = 1; i < result.length; i++) expect(result[i - 1]!.objectiveValue).toBeGreaterThanOrEqual(result[i]!.objectiveValue);
    },
  );

  test.prop([walk, fc.constantFrom(...OBJECTIVES), fc.double({ min: 0.5, max: 2, noNaN: true })], { numRuns: 8 })(
    'no look-ahead: whatever happens after the choice, the ranking and its in-sample figures are the same',
    async (params, objective, shock) => {
      const history = syntheticHistory({ ...params, sessions: 160, spot: 100 });
      const lastDate = lastSeen(history, settings);
      // Every close and IV after the last session the ranking sees, moved: a crash, a rally, a volatility spike.
      const later = { ...history, sessions: history.sessions.map((s) => (s.date > lastDate ? { ...s, close: s.close * shock, atmVol: s.atmVol * (2 - shock / 2) } : s)) };
      const [before, after] = await Promise.all([history, later].map((h) => optimize({ history: h, grid, settings, objective, topK: 6, pop: lognormalPop })));
      const seen = (run: typeof before) => run!.ranked.map((s) => [strategyKey(s.rules), s.objectiveValue, s.inSample]);
      expect(seen(after)).toEqual(seen(before));
    },
  );

  const history = syntheticHistory({ seed: 11, sessions: 200, spot: 100, volatility: 0.2, impliedVolatility: 0.22 });

  it('is deterministic', async () => {
    const request = { history, grid, settings, objective: 'pnl_to_drawdown' as const, topK: 8, pop: lognormalPop };
    const first = await optimize(request);
    const second = await optimize(request);
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(first.ranked.length).toBe(8);
  });

  it('reports progress after each (delta, width, entry DTE) group and ends at the total', async () => {
    const calls: [number, number][] = [];
    const total = expandGrid(grid).length;
    await optimize({ history, grid, settings, objective: 'total_pnl', topK: 3, pop: lognormalPop }, async (done, all) => {
      calls.push([done, all]);
      await Promise.resolve();
    });
    // 2 deltas × 2 widths × 2 entry DTEs = 8 groups.
    expect(calls).toHaveLength(8);
    expect(calls.every(([, all]) => all === total)).toBe(true);
    expect(calls.map(([done]) => done)).toEqual([...calls.map(([done]) => done)].sort((a, b) => a - b));
    expect(calls.at(-1)).toEqual([total, total]);
  });

  it('never ranks rule sets without trades', async () => {
    const broke = await optimize({ history, grid, settings: { ...settings, maxCapital: 1 }, objective: 'win_rate', topK: 5, pop: lognormalPop });
    expect(broke.ranked).toEqual([]);
    expect(broke.evaluated).toBe(expandGrid(grid).length);
    const none = await optimize({ history, grid, settings, objective: 'win_rate', topK: 0, pop: lognormalPop });
    expect(none.ranked).toEqual([]);
  });

  it('refines the returned strategies’ POP over their latest trades, after ranking', async () => {
    const seen: EntryContext[] = [];
    const refine = (entry: EntryContext): number => {
      seen.push(entry);
      return entry.index / 1000;
    };
    const request = { history, grid, settings, objective: 'return_on_risk' as const, topK: 4, pop: lognormalPop };
    const plain = await optimize(request);
    const refined = await optimize({ ...request, refinePop: { fn: refine, latestTrades: 3 } });
    expect(refined.ranked.map((s) => s.rules)).toEqual(plain.ranked.map((s) => s.rules));
    refined.ranked.forEach((strategy, i) => {
      const before = plain.ranked[i]!;
      const latest = strategy.trades.slice(-3).map((trade) => history.sessions.findIndex((session) => session.date === trade.entryDate) / 1000);
      expect(strategy.metrics.popAtEntry).toBeCloseTo(latest.reduce((a, b) => a + b, 0) / latest.length, 12);
      expect({ ...strategy.metrics, popAtEntry: 0 }).toEqual({ ...before.metrics, popAtEntry: 0 });
      expect(strategy.trades).toEqual(before.trades);
    });
    expect(seen).toHaveLength(refined.ranked.reduce((sum, s) => sum + Math.min(3, s.trades.length), 0));
    expect(seen.every((entry) => entry.history === history && entry.credit > 0)).toBe(true);
  });
});
