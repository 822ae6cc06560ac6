import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { TradeTableBuilder, type TradeTable } from './trade-table.js';
import { walkForward } from './walk-forward.js';
import { chooseBefore, sampleSplit, walkForwardFolds } from './windows.js';

// Twelve weekly entries at sessions 0, 5, …, 55 of 60.
const entryIndices = Array.from({ length: 12 }, (_, slot) => slot * 5);
const SESSIONS = 60;

/** A table from rows [slot, exit, pnl] per rule set; max loss 100 and expected value 0 each. */
function tableOf(ruleSets: [number, number, number][][]): TradeTable {
  const builder = new TradeTableBuilder(4);
  for (const rows of ruleSets) {
    for (const [slot, exit, pnl] of rows) builder.add(slot, exit, pnl, 100, 0);
    builder.endRuleSet();
  }
  return builder.build();
}

describe('the split in time', () => {
  it('chooses at the close before the first out-of-sample entry: two thirds of the entries in, the rest out', () => {
    const split = sampleSplit(entryIndices, SESSIONS);
    expect(split.inSample).toEqual({ fromSlot: 0, toSlot: 8, lastExit: 39 });
    expect(split.outOfSample).toEqual({ fromSlot: 8, toSlot: 12, lastExit: 59 });
    expect(chooseBefore(entryIndices, 12, SESSIONS)).toBe(59);
  });

  it('cuts five folds after a first part chosen on alone', () => {
    const folds = walkForwardFolds(entryIndices, SESSIONS);
    expect(folds.map((f) => [f.measure.fromSlot, f.measure.toSlot])).toEqual([[2, 4], [4, 6], [6, 8], [8, 10], [10, 12]]);
    expect(folds.map((f) => f.choose)).toEqual([2, 4, 6, 8, 10].map((slot) => ({ fromSlot: 0, toSlot: slot, lastExit: slot * 5 - 1 })));
  });
});

describe('walkForward', () => {
  it('worked by hand: chooses on the trades closed before each fold and counts the chosen rule set’s trades in it', () => {
    // Rule set 0 makes 10 a trade until slot 5, then loses 10; rule set 1 loses 5, then makes 25. A trade entered at
    // slot s (session 5s) exits 7 sessions later, so a choice at the close of session 5f − 1 sees slots 0 … f − 2.
    const rows = (pnl: (slot: number) => number): [number, number, number][] => entryIndices.map((index, slot) => [slot, Math.min(SESSIONS - 1, index + 7), pnl(slot)]);
    const table = tableOf([rows((s) => (s < 6 ? 10 : -10)), rows((s) => (s < 6 ? -5 : 25))]);
    const result = walkForward(table, 'total_pnl', walkForwardFolds(entryIndices, SESSIONS));
    // Before fold 5 (slot 10) the closed trades are slots 0–8: rule set 0 has 60 − 30 = 30, rule set 1 −30 + 75 = 45.
    expect(result.folds.map((f) => f.chosen)).toEqual([0, 0, 0, 0, 1]);
    expect(result.folds.map((f) => f.pnl)).toEqual([20, 20, -20, -20, 50]);
    expect(result.pnl).toBe(50);
    expect(result.trades).toBe(10);
  });

  it('chooses nothing before any trade has closed', () => {
    const table = tableOf([[[0, 59, 5]]]);
    expect(walkForward(table, 'total_pnl', walkForwardFolds(entryIndices, SESSIONS)).folds.every((f) => f.chosen === null)).toBe(true);
  });

  const trade = fc.tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 40 }), fc.double({ min: -500, max: 500, noNaN: true }));
  test.prop([fc.array(fc.array(trade, { maxLength: 12 }), { minLength: 1, maxLength: 6 }), fc.double({ min: -1000, max: 1000, noNaN: true })])(
    'no look-ahead: changing any trade not closed before a fold begins never changes that fold’s choice',
    (ruleSets, shock) => {
      const rows = ruleSets.map((trades) => trades.map(([slot, held, pnl]): [number, number, number] => [slot, Math.min(SESSIONS - 1, (entryIndices[slot] ?? 0) + held), pnl]).sort((a, b) => a[0] - b[0]));
      const folds = walkForwardFolds(entryIndices, SESSIONS);
      const before = walkForward(tableOf(rows), 'return_on_risk', folds);
      folds.forEach((fold, i) => {
        const later = rows.map((trades) => trades.map(([slot, exit, pnl]): [number, number, number] => [slot, exit, exit > fold.choose.lastExit ? pnl + shock : pnl]));
        expect(walkForward(tableOf(later), 'return_on_risk', folds).folds[i]?.chosen).toBe(before.folds[i]?.chosen);
      });
    },
  );
});
