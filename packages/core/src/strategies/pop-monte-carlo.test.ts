import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { probabilityFinishAbove } from '../options/index.js';
import { ExitRule, monteCarloPop, Outcome } from './pop-monte-carlo.js';
import { SeededRandom } from './seeded-random.js';
import { quoteLeg, type LegMarket } from './smile.js';
import type { CondorStrikes, EntryContext, MarketHistory, RuleSet, SmileShape, SpreadModel } from './types.js';

const HOLD: RuleSet = { shortDelta: 0.16, wingWidth: 5, entryDte: 45, profitTakePct: null, managementDte: null, stopLossMultiple: null };

function history(options: { close?: number; atmVol?: number; rate?: number; dividendYield?: number; smile?: SmileShape; spread?: SpreadModel } = {}): MarketHistory {
  const sessions = Array.from({ length: 10 }, (_, i) => ({
    date: `2024-01-${String(i + 2).padStart(2, '0')}`,
    close: options.close ?? 100,
    atmVol: options.atmVol ?? 0.2,
  }));
  return {
    ticker: 'SPY',
    sessions,
    rate: options.rate ?? 0,
    dividendYield: options.dividendYield ?? 0,
    smile: options.smile ?? { skew: 0, curvature: 0 },
    spread: options.spread ?? { atm: 0, perZ2: 0 },
  };
}

/** An entry at session 5 with the credit at the natural price of the history's own quotes. */
function entry(market: MarketHistory, strikes: CondorStrikes, dte: number, rules: RuleSet = HOLD): EntryContext {
  const index = 5;
  const session = market.sessions[index]!;
  const legMarket: LegMarket = { ...market, spot: session.close, years: dte / 365, atmVol: session.atmVol };
  const credit =
    quoteLeg(legMarket, 'put', strikes.shortPut).bid +
    quoteLeg(legMarket, 'call', strikes.shortCall).bid -
    quoteLeg(legMarket, 'put', strikes.longPut).ask -
    quoteLeg(legMarket, 'call', strikes.longCall).ask;
  return { history: market, index, dte, strikes, credit, rules };
}

/** N(d2(BE_low)) − N(d2(BE_high)) at the flat ATM vol (options-math §2.3). */
function closedFormPop(context: EntryContext): number {
  const { history: market, strikes, credit, dte } = context;
  const session = market.sessions[context.index]!;
  const lognormal = { spot: session.close, years: dte / 365, rate: market.rate, dividendYield: market.dividendYield, volatility: session.atmVol };
  return probabilityFinishAbove(lognormal, strikes.shortPut - credit) - probabilityFinishAbove(lognormal, strikes.shortCall + credit);
}

const vectorA: CondorStrikes = { longPut: 90, shortPut: 95, shortCall: 105, longCall: 110 };
const typical = history({ close: 450, atmVol: 0.18, rate: 0.045, dividendYield: 0.013, smile: { skew: 0.12, curvature: 0.04 }, spread: { atm: 0.05, perZ2: 0.3 } });
const typicalStrikes: CondorStrikes = { longPut: 405, shortPut: 410, shortCall: 480, longCall: 485 };

describe('monteCarloPop', () => {
  it('held to expiry without spreads, agrees with the closed-form breakeven POP within 3 standard errors', () => {
    const pop = monteCarloPop({ seed: 2024, paths: 20_000 });
    const cases = [
      entry(history(), vectorA, 45),
      entry(history({ rate: 0.05, dividendYield: 0.02, atmVol: 0.3 }), vectorA, 30),
      entry(typical, typicalStrikes, 45),
    ];
    for (const context of cases) {
      const expected = closedFormPop(context);
      const standardError = Math.sqrt((expected * (1 - expected)) / 20_000);
      expect(Math.abs(pop(context) - expected)).toBeLessThan(3 * standardError);
    }
    // options-math §3.4 vector A: credit 1.473729, POP 0.644065.
    expect(cases[0]!.credit).toBeCloseTo(1.473729, 5);
    expect(closedFormPop(cases[0]!)).toBeCloseTo(0.644065, 5);
  });

  it('is reproducible bit for bit, whatever ran before, and depends on the seed', () => {
    const context = entry(typical, typicalStrikes, 45, { ...HOLD, profitTakePct: 0.5, managementDte: 21 });
    const first = monteCarloPop({ seed: 7, paths: 2_000 })(context);
    const pop = monteCarloPop({ seed: 7, paths: 2_000 });
    pop(entry(history(), vectorA, 30));
    expect(pop(context)).toBe(first);
    expect(pop({ ...context })).toBe(first);
    expect(monteCarloPop({ seed: 8, paths: 2_000 })(context)).not.toBe(first);
    expect(pop({ ...context, index: 6 })).not.toBe(first);
  });

  it('a 50 % profit-take raises the POP of a short condor; a stop-loss lowers it', () => {
    const pop = monteCarloPop({ seed: 99, paths: 4_000 });
    const hold = pop(entry(typical, typicalStrikes, 45));
    const take = pop(entry(typical, typicalStrikes, 45, { ...HOLD, profitTakePct: 0.5 }));
    const stop = pop(entry(typical, typicalStrikes, 45, { ...HOLD, stopLossMultiple: 1 }));
    expect(take).toBeGreaterThan(hold + 0.02);
    expect(stop).toBeLessThan(hold);
  });

  it('management at 21 DTE pays the natural debit: with wide spreads and nothing gained yet, no path profits', () => {
    const wide = history({ spread: { atm: 5, perZ2: 0 } });
    const context = entry(wide, vectorA, 45, { ...HOLD, managementDte: 44 });
    expect(monteCarloPop({ seed: 1, paths: 500 })(context)).toBe(0);
  });

  it('reads each day\'s outcome from its regions exactly as quoting the path itself would', () => {
    const random = new SeededRandom(17);
    const ruleSets: RuleSet[] = [
      { ...HOLD, profitTakePct: 0.5, managementDte: 21, stopLossMultiple: 2 },
      { ...HOLD, profitTakePct: 0.25, stopLossMultiple: 0.5 },
      { ...HOLD, managementDte: 10 },
    ];
    const seen = new Set<number>();
    for (const rules of ruleSets) {
      const rule = new ExitRule(entry(typical, typicalStrikes, 45, rules));
      for (let day = rule.firstQuotedDay; day < rule.days; day += 3) {
        for (let i = 0; i < 200; i++) {
          const logReturn = rule.dailyDrift * day + 4 * rule.dailyVolatility * Math.sqrt(day) * random.normal();
          const outcome = rule.outcome(day, logReturn);
          expect(outcome).toBe(rule.exactOutcome(day, logReturn));
          seen.add(outcome);
        }
      }
    }
    expect([...seen].sort()).toEqual([Outcome.hold, Outcome.exitWithProfit, Outcome.exitWithoutProfit]);
  });

  it('counts an odd number of paths exactly', () => {
    const p = monteCarloPop({ seed: 3, paths: 7 })(entry(history(), vectorA, 45));
    expect(Number.isInteger(p * 7)).toBe(true);
  });

  test.prop(
    [
      fc.double({ min: 0, max: 3, noNaN: true }),
      fc.integer({ min: 0, max: 90 }),
      fc.double({ min: -2, max: 6, noNaN: true }),
      fc.option(fc.double({ min: 0.1, max: 0.9, noNaN: true })),
      fc.option(fc.integer({ min: 0, max: 60 })),
      fc.option(fc.double({ min: 0.5, max: 3, noNaN: true })),
    ],
    { numRuns: 60 },
  )('is a probability, never NaN', (atmVol, dte, credit, profitTakePct, managementDte, stopLossMultiple) => {
    const market = history({ atmVol, smile: { skew: 0.2, curvature: 0.1 }, spread: { atm: 0.05, perZ2: 0.3 } });
    const rules = { ...HOLD, profitTakePct, managementDte, stopLossMultiple };
    const p = monteCarloPop({ seed: 5, paths: 40 })({ history: market, index: 5, dte, strikes: vectorA, credit, rules });
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThanOrEqual(1);
  });

  it('runs 2,000 paths × 45 days with management on a typical condor', () => {
    const context = entry(typical, typicalStrikes, 45, { ...HOLD, profitTakePct: 0.5, managementDte: 21, stopLossMultiple: 2 });
    const p = monteCarloPop({ seed: 11, paths: 2_000 })(context);
    expect(p).toBeGreaterThan(0.5);
    expect(p).toBeLessThan(1);
  });
});
