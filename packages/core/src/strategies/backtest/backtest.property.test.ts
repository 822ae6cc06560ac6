import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { parseDay, weekday } from '../../calendar/days.js';
import { tradingDayOnOrBefore } from '../../calendar/exchange-calendar.js';
import { lognormalPop } from '../pop-lognormal.js';
import { IV_RANK_GATE_MODES, type BacktestResult, type BacktestSettings, type MarketHistory, type RuleSet } from '../types.js';
import { backtest } from './backtest.js';
import { syntheticHistory } from './history-fixture.js';

const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 2 });

/** A seeded random-walk history, run settings and a rule set that fits them. */
export const scenario = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    sessions: fc.integer({ min: 60, max: 330 }),
    spot: fc.double({ min: 8, max: 1500, noNaN: true }),
    volatility: fc.double({ min: 0.05, max: 0.9, noNaN: true }),
    impliedVolatility: fc.double({ min: 0.08, max: 0.7, noNaN: true }),
    rate: fc.double({ min: 0, max: 0.06, noNaN: true }),
    dividendYield: fc.double({ min: 0, max: 0.03, noNaN: true }),
    flatSmile: fc.boolean(),
    skew: fc.double({ min: 0, max: 0.25, noNaN: true }),
    curvature: fc.double({ min: 0, max: 0.08, noNaN: true }),
    spreadAtm: fc.double({ min: 0, max: 0.3, noNaN: true }),
    perZ2: fc.double({ min: 0, max: 0.5, noNaN: true }),
    firstEntryIndex: fc.integer({ min: 0, max: 30 }),
    interval: fc.integer({ min: 1, max: 10 }),
    dteMin: fc.integer({ min: 7, max: 40 }),
    dteSpan: fc.integer({ min: 0, max: 30 }),
    gate: fc.oneof({ arbitrary: fc.constant('off' as const), weight: 3 }, { arbitrary: fc.constantFrom(...IV_RANK_GATE_MODES), weight: 1 }),
    threshold: fc.double({ min: 0, max: 100, noNaN: true }),
    maxCapital: fc.double({ min: 500, max: 20_000, noNaN: true }),
    riskPerTrade: fc.double({ min: 0.01, max: 1, noNaN: true }),
    shortDelta: fc.double({ min: 0.05, max: 0.4, noNaN: true }),
    wingShare: fc.double({ min: 0.003, max: 0.06, noNaN: true }),
    entryDteShare: fc.double({ min: 0, max: 1, noNaN: true }),
    profitTakePct: nullable(fc.double({ min: 0.05, max: 0.95, noNaN: true })),
    managementDte: nullable(fc.integer({ min: 0, max: 30 })),
    stopLossMultiple: nullable(fc.double({ min: 0.25, max: 5, noNaN: true })),
    commissionPerContract: fc.constantFrom(0, 0.5, 0.65),
    bandFromMid: nullable(fc.integer({ min: 1, max: 100 }).map((cents) => cents / 100)),
  })
  .map((p) => {
    const history: MarketHistory = {
      ...syntheticHistory({ seed: p.seed, sessions: p.sessions, spot: p.spot, volatility: p.volatility, impliedVolatility: p.impliedVolatility, rate: p.rate, dividendYield: p.dividendYield }),
      smile: p.flatSmile ? { skew: 0, curvature: 0 } : { skew: p.skew, curvature: p.curvature },
      spread: { atm: p.spreadAtm, perZ2: p.perZ2 },
    };
    const settings: BacktestSettings = {
      firstEntryIndex: p.firstEntryIndex,
      entryIntervalSessions: p.interval,
      dteMin: p.dteMin,
      dteMax: p.dteMin + p.dteSpan,
      ivRankGate: { mode: p.gate, threshold: p.threshold },
      maxCapital: p.maxCapital,
      riskPerTrade: p.riskPerTrade,
      popModel: 'lognormal',
      seed: 1,
      execution: { fill: p.bandFromMid === null ? { kind: 'natural' } : { kind: 'band', worstFromMid: p.bandFromMid }, commissionPerContract: p.commissionPerContract },
    };
    const rules: RuleSet = {
      shortDelta: p.shortDelta,
      wingWidth: Math.max(0.5, Math.round((p.spot * p.wingShare) / 0.5) * 0.5),
      entryDte: Math.round(p.dteMin + p.entryDteShare * p.dteSpan),
      profitTakePct: p.profitTakePct,
      managementDte: p.managementDte,
      stopLossMultiple: p.stopLossMultiple,
    };
    return { history, settings, rules };
  });

const dayOfDate = (date: string): number => parseDay(date) ?? Number.NaN;
/** Every number of a result: all metrics and each trade's figures. */
const numbers = (result: BacktestResult): unknown[] => [
  ...Object.values(result.metrics as object),
  ...result.trades.flatMap((t) => [t.qty, t.credit, t.exitDebit, t.costs, t.pnl, t.maxLoss, t.popAtEntry, t.expectedValue, t.strikes.longPut, t.strikes.shortPut, t.strikes.shortCall, t.strikes.longCall]),
];

describe('backtest properties on seeded random walks', () => {
  test.prop([scenario], { numRuns: 60 })('finite, bounded, on schedule, within capital, and deterministic', ({ history, settings, rules }) => {
    const result = backtest(history, rules, settings, lognormalPop);
    const { metrics, trades } = result;

    expect(numbers(result).every((value) => typeof value === 'number' && Number.isFinite(value))).toBe(true);

    // Every scheduled entry is a trade or a skip.
    const schedule: string[] = [];
    for (let i = settings.firstEntryIndex; i < history.sessions.length; i += settings.entryIntervalSessions) schedule.push(history.sessions[i]!.date);
    expect(metrics.trades + metrics.skippedEntries).toBe(schedule.length);
    expect(trades).toHaveLength(metrics.trades);

    // Half the widest modelled spread (z is clamped to ±3.5), paid on each of four legs to close.
    const closingCost = (4 * (history.spread.atm * (1 + history.spread.perZ2 * 3.5 * 3.5))) / 2;
    // Without a smile a vertical is worth at most its width (r ≥ 0). The modelled smile is not
    // arbitrage-free (σ differs between a vertical's strikes), so a vertical may be quoted above its
    // width by at most vega × Δσ: vega ≤ S·φ(0)·√T and, with σ = σ_atm·(1 − skew·z + curvature·z²),
    // |z| ≤ 3.5 and Δz ≤ ln(K₂/K₁)/(σ_atm·√T), Δσ ≤ σ_atm·Δz·(skew + 7·curvature): the excess is at most
    // S·φ(0)·ln(K₂/K₁)·(skew + 7·curvature) per vertical, at the spot of the day the condor is closed.
    const smileSlackOf = (trade: (typeof trades)[number]): number => {
      const spot = history.sessions.find((session) => session.date === trade.exitDate)?.close ?? Math.max(...history.sessions.map((s) => s.close));
      const { longPut, shortPut, shortCall, longCall } = trade.strikes;
      const logWidths = Math.log(shortPut / longPut) + Math.log(longCall / shortCall);
      return (spot / Math.sqrt(2 * Math.PI)) * logWidths * (history.smile.skew + 7 * history.smile.curvature);
    };
    for (const trade of trades) {
      expect(schedule).toContain(trade.entryDate);
      const entry = dayOfDate(trade.entryDate);
      const exit = dayOfDate(trade.exitDate);
      const expiry = dayOfDate(trade.expiry);
      expect(exit).toBeGreaterThan(entry);
      expect(exit).toBeLessThanOrEqual(expiry);
      expect(expiry - entry).toBeGreaterThanOrEqual(settings.dteMin);
      expect(expiry - entry).toBeLessThanOrEqual(settings.dteMax);
      // A weekly expiry: that week's Friday, or the trading day before it when it is a holiday.
      expect(tradingDayOnOrBefore(expiry + ((5 - weekday(expiry) + 7) % 7))).toBe(expiry);
      expect(history.sessions.some((session) => session.date === trade.expiry)).toBe(true);

      const { longPut, shortPut, shortCall, longCall } = trade.strikes;
      expect(longPut).toBeGreaterThan(0);
      expect(shortPut - longPut).toBeCloseTo(rules.wingWidth, 9);
      expect(longCall - shortCall).toBeCloseTo(rules.wingWidth, 9);
      expect(shortPut).toBeLessThan(shortCall);
      expect(trade.qty).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(trade.qty)).toBe(true);
      expect(trade.credit).toBeGreaterThan(0);
      expect(trade.credit).toBeLessThan(rules.wingWidth);
      expect(trade.maxLoss).toBeCloseTo((rules.wingWidth - trade.credit) * 100 * trade.qty, 6);
      // Every order pays at least the ORF and OCC fees and the commission on its four legs.
      expect(trade.costs).toBeGreaterThanOrEqual(4 * trade.qty * (0.02685 + 0.02 + settings.execution.commissionPerContract) - 0.02);
      expect(trade.pnl).toBeCloseTo((trade.credit - trade.exitDebit) * 100 * trade.qty - trade.costs, 6);
      expect(trade.pnl).toBeLessThanOrEqual(trade.credit * 100 * trade.qty - trade.costs + 1e-9);
      expect(trade.pnl).toBeGreaterThanOrEqual(-trade.maxLoss - (closingCost + smileSlackOf(trade)) * 100 * trade.qty - trade.costs - 1e-6);
      if (trade.exitReason === 'expiry') {
        expect(trade.exitDate).toBe(trade.expiry);
        expect(trade.pnl).toBeGreaterThanOrEqual(-trade.maxLoss - trade.costs - 1e-6);
      }
      expect(trade.popAtEntry).toBeGreaterThanOrEqual(0);
      expect(trade.popAtEntry).toBeLessThanOrEqual(1);
    }

    // Capital: at every entry, the max loss of the trades open then (exiting later) is within maxCapital.
    for (const trade of trades) {
      const atRisk = trades.filter((t) => t.entryDate <= trade.entryDate && t.exitDate > trade.entryDate).reduce((sum, t) => sum + t.maxLoss, 0);
      expect(atRisk).toBeLessThanOrEqual(settings.maxCapital + 1e-6);
    }

    expect(metrics.winRate).toBeGreaterThanOrEqual(0);
    expect(metrics.winRate).toBeLessThanOrEqual(1);
    expect(metrics.maxDrawdown).toBeGreaterThanOrEqual(0);
    expect(metrics.totalPnl).toBeCloseTo(trades.reduce((sum, t) => sum + t.pnl, 0), 6);
    if (trades.length === 0) expect([metrics.winRate, metrics.returnOnRisk, metrics.worstTrade, metrics.averageDaysHeld]).toEqual([0, 0, 0, 0]);

    const again = backtest(history, rules, settings, lognormalPop);
    expect(again).toEqual(result);
    expect(JSON.stringify(again)).toBe(JSON.stringify(result));
  });
});
