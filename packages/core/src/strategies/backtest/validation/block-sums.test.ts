import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { OBJECTIVES } from '../../types.js';
import { blockSums } from './block-sums.js';
import { sumsScore, windowSums } from './scores.js';
import { TradeTableBuilder } from './trade-table.js';

const SLOTS = 30;
const BLOCKS = 6;
const trade = fc.tuple(fc.integer({ min: 0, max: SLOTS - 1 }), fc.double({ min: -900, max: 900, noNaN: true }), fc.double({ min: 1, max: 500, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true }));

describe('blockSums', () => {
  test.prop([fc.array(fc.array(trade, { maxLength: 20 }), { minLength: 1, maxLength: 5 }), fc.constantFrom(...OBJECTIVES), fc.uniqueArray(fc.integer({ min: 0, max: BLOCKS - 1 }), { minLength: 1, maxLength: BLOCKS })])(
    'scores any blocks as the objective over the trades entered in them, in time order, drawdown joined exactly',
    (ruleSets, objective, picked) => {
      const builder = new TradeTableBuilder(4);
      for (const trades of ruleSets) {
        for (const [slot, pnl, maxLoss, ev] of [...trades].sort((a, b) => a[0] - b[0])) builder.add(slot, 0, pnl, maxLoss, ev);
        builder.endRuleSet();
      }
      const table = builder.build();
      const chosen = [...picked].sort((a, b) => a - b);
      const into = new Float64Array(table.ruleSets);
      blockSums(table, SLOTS, BLOCKS).scores(objective, chosen, into);
      // The same trades through windowSums: one window per block, their rows kept in entry order.
      const inChosen = (slot: number): boolean => chosen.includes(Math.min(BLOCKS - 1, Math.floor((slot * BLOCKS) / SLOTS)));
      ruleSets.forEach((trades, ruleSet) => {
        const kept = new TradeTableBuilder(4);
        for (const [slot, pnl, maxLoss, ev] of [...trades].sort((a, b) => a[0] - b[0])) if (inChosen(slot)) kept.add(slot, 0, pnl, maxLoss, ev);
        kept.endRuleSet();
        const expected = sumsScore(objective, windowSums(kept.build(), 0, { fromSlot: 0, toSlot: SLOTS, lastExit: 0 })) ?? Number.NEGATIVE_INFINITY;
        if (expected === Number.NEGATIVE_INFINITY) expect(into[ruleSet]).toBe(expected);
        else expect(into[ruleSet]).toBeCloseTo(expected, 6);
      });
    },
  );
});
