import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { RuleSet } from '../types.js';
import { exitDebit, exitIndex, exitOf, exitStep, type TradeExit } from './exits.js';
import type { ScheduledEntry } from './run-context.js';
import type { TradeShape } from './trade-shape.js';

// Entry at session 10 (day 100), expiry at session 15 (day 107): sessions 11–14 are days 101, 102, 105, 106.
const days = [...Array.from({ length: 10 }, (_, i) => 90 + i), 100, 101, 102, 105, 106, 107];
const entry: ScheduledEntry = { index: 10, gateOpen: true, ivRank: null, forecastVolatility: 0.2, expiries: [] };
const shape = (debits: number[], settlement = 0): TradeShape => ({
  entry,
  expiryIndex: 15,
  expiry: '1970-04-18',
  dte: 7,
  strikes: { longPut: 90, shortPut: 95, shortCall: 105, longCall: 110 },
  credit: 1,
  wingWidth: 5,
  debits: Float64Array.from(debits),
  settlement,
  expectedValuePerContract: 0,
  entrySoldMids: 0,
  longPut: { bid: new Float64Array(0), ask: new Float64Array(0) },
  longCall: { bid: new Float64Array(0), ask: new Float64Array(0) },
  offset: 0,
  expiryLegs: { legs: 0, sold: 0, soldPrices: 0 },
});
const hold: RuleSet = { shortDelta: 0.16, wingWidth: 5, entryDte: 7, profitTakePct: null, managementDte: null, stopLossMultiple: null };

describe('exitOf', () => {
  it('holds to expiry and settles at intrinsic value without rules', () => {
    expect(exitOf(shape([1.1, 0.2, 4, 0.1, 3], 2.5), hold, days)).toEqual({ index: 15, debit: 2.5, reason: 'expiry' });
  });

  it('takes the profit at the first close after entry where credit − debit ≥ pct·credit', () => {
    // The entry close's own debit (0.1) never counts.
    expect(exitOf(shape([0.1, 0.6, 0.5, 0.4, 0.3]), { ...hold, profitTakePct: 0.5 }, days)).toEqual({ index: 12, debit: 0.5, reason: 'profit_take' });
  });

  it('stops at the first close where debit − credit ≥ multiple·credit', () => {
    expect(exitOf(shape([1.1, 2.9, 3, 3.5, 1]), { ...hold, stopLossMultiple: 2 }, days)).toEqual({ index: 12, debit: 3, reason: 'stop_loss' });
  });

  it('manages at the first close with at most managementDte calendar days left', () => {
    // Days left at sessions 11–14: 6, 5, 2, 1.
    expect(exitOf(shape([1, 1, 1, 1, 1]), { ...hold, managementDte: 3 }, days)).toEqual({ index: 13, debit: 1, reason: 'management_dte' });
    expect(exitOf(shape([1, 1, 1, 1, 1]), { ...hold, managementDte: 0 }, days).reason).toBe('expiry');
  });

  it('prefers profit taking, then the stop, then management on the same close', () => {
    const all = { ...hold, profitTakePct: 0.5, stopLossMultiple: 2, managementDte: 6 };
    expect(exitOf(shape([1, 0.4, 1, 1, 1]), all, days).reason).toBe('profit_take');
    expect(exitOf(shape([1, 3, 1, 1, 1]), all, days).reason).toBe('stop_loss');
    expect(exitOf(shape([1, 1, 1, 1, 1]), all, days)).toEqual({ index: 11, debit: 1, reason: 'management_dte' });
  });
});

/** The scan exitOf ran before it was split into exitStep and exitAt: one loop building the exit where a rule fires. */
function scanned(trade: TradeShape, rules: RuleSet): TradeExit {
  const { profitTakePct, stopLossMultiple, managementDte } = rules;
  const managed = profitTakePct !== null || stopLossMultiple !== null || managementDte !== null;
  for (let k = 1; managed && k < trade.debits.length; k++) {
    const debit = trade.debits[k] ?? 0;
    const index = trade.entry.index + k;
    if (profitTakePct !== null && trade.credit - debit >= profitTakePct * trade.credit) return { index, debit, reason: 'profit_take' };
    if (stopLossMultiple !== null && debit - trade.credit >= stopLossMultiple * trade.credit) return { index, debit, reason: 'stop_loss' };
    if (managementDte !== null && (days[15] ?? 0) - (days[index] ?? 0) <= managementDte) return { index, debit, reason: 'management_dte' };
  }
  return { index: trade.expiryIndex, debit: trade.settlement, reason: 'expiry' };
}

describe('exitStep', () => {
  const debit = fc.double({ min: 0, max: 4, noNaN: true });
  test.prop([
    fc.array(debit, { minLength: 5, maxLength: 5 }),
    debit,
    fc.option(fc.constantFrom(0.25, 0.5, 0.75)),
    fc.option(fc.constantFrom(1, 2)),
    fc.option(fc.integer({ min: 0, max: 7 })),
  ])('places the exit the one-loop scan finds, with its debit and reason', (debits, settlement, profitTakePct, stopLossMultiple, managementDte) => {
    const trade = shape(debits, settlement);
    const rules = { ...hold, profitTakePct, stopLossMultiple, managementDte };
    const expected = scanned(trade, rules);
    const step = exitStep(trade, rules, days);
    expect({ index: exitIndex(trade, step), debit: exitDebit(trade, step) }).toEqual({ index: expected.index, debit: expected.debit });
    expect(exitOf(trade, rules, days)).toEqual(expected);
  });
});
