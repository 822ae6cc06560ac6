import { readFileSync } from 'node:fs';
import { pricingPlan } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, SEED } from './fill-rate-table.js';
import { twoLotRows, twoLotWalkTables, type TwoLotRow } from './two-lot-walk-table.js';
import { brokenInvariant, simulateTwoLotWalk, TWO_LOTS } from './two-lot-walk.js';

const WALKS = 1_000;
/** The least rise of the share ending whole, in walks of 1,000, measured at seed 28: 59.5 points (wide band, normal). */
const LEAST_RISE = 500;
/** The least rise in the house default band, measured at seed 28: 82.8 points (normal). */
const LEAST_HOUSE_RISE = 750;

/** Each band and mode's rows, before and after. */
function pairsOf(rows: readonly TwoLotRow[]): [TwoLotRow, TwoLotRow][] {
  const befores = rows.filter((row) => row.rule === 'before');
  return befores.map((before) => [before, rows.find((row) => row.rule === 'after' && row.band === before.band && row.mode === before.mode)!]);
}

describe('1,000 seeded two-lot walks before and after the rest of a partial fill keeps working (issue 42)', () => {
  const rows = twoLotRows();
  const pairs = pairsOf(rows);

  it('cover both bands and both modes under both rules, every walk ending whole, 1 of 2 or unfilled', () => {
    expect(rows.map((row) => `${row.band} ${row.mode} ${row.rule}`)).toEqual([
      'house patient before',
      'house patient after',
      'house normal before',
      'house normal after',
      'natural patient before',
      'natural patient after',
      'natural normal before',
      'natural normal after',
    ]);
    for (const row of rows) expect(row.whole + row.one + row.unfilled).toBe(WALKS);
  });

  it('never fill more than the two condors approved', () => {
    for (const row of rows) expect(row.mostFilled).toBeLessThanOrEqual(TWO_LOTS);
  });

  it('end whole at least as often after, walk by walk: the same draws, and the rule only matters once one condor filled', () => {
    for (const [before, after] of pairs) {
      expect(after.whole).toBeGreaterThanOrEqual(before.whole);
      for (const index of before.wholeWalks) expect(after.wholeWalks.has(index)).toBe(true);
      expect(after.unfilled).toBe(before.unfilled);
    }
  });

  it('end whole far more often after: the share rises by at least the margins measured', () => {
    for (const [before, after] of pairs) expect(after.whole - before.whole).toBeGreaterThanOrEqual(before.band === 'house' ? LEAST_HOUSE_RISE : LEAST_RISE);
    for (const [, after] of pairs) expect(after.whole).toBeGreaterThanOrEqual(0.95 * WALKS);
  });

  it('end before the time limit only when whole, after; before, also when one condor filled', () => {
    const plan = rows[0]!.plan;
    for (let index = 0; index < 50; index++) {
      const after = simulateTwoLotWalk({ plan, market: EXAMPLE, rule: 'after', index, seed: SEED });
      if (after.filledQty < TWO_LOTS) expect(after.endedAt).toBeGreaterThanOrEqual(plan.timeLimitMs);
    }
    const cut = Array.from({ length: 50 }, (_, index) => simulateTwoLotWalk({ plan, market: EXAMPLE, rule: 'before', index, seed: SEED }));
    expect(cut.some((end) => end.filledQty === 1 && end.endedAt < plan.timeLimitMs)).toBe(true);
  });

  it('are the same walk for the same seed and index', () => {
    const plan = rows[0]!.plan;
    const walk = (): unknown => simulateTwoLotWalk({ plan, market: EXAMPLE, rule: 'after', index: 7, seed: SEED });
    expect(walk()).toEqual(walk());
  });

  it('docs/fill-model.md holds the table as the walks compute it today', () => {
    const doc = readFileSync(new URL('../../../docs/fill-model.md', import.meta.url), 'utf8');
    expect(doc).toContain(twoLotWalkTables(rows));
  });
});

describe('brokenInvariant', () => {
  const planned = pricingPlan({ mid: -1.5, natural: -1.1 }, { mode: 'normal', worstFromMid: 0.05 });
  if (!planned.ok) throw new Error('no plan');
  const walk = { proposalId: 'p', ownerId: 'o', positionId: 'p', plan: planned.plan, qty: 2, steps: [], status: 'working', filledQty: 0, nextAt: 0, startedAt: 0, endedAt: null, detail: null, cancelRequested: false } as const;
  const order = (id: string, limitPrice: number, filledQty: number, status: 'accepted' | 'filled' | 'replaced') =>
    ({ id, clientOrderId: id, status, qty: 2, filledQty, limitPrice, filledAvgPrice: null, submittedAt: 0, legs: [] }) as const;

  it('names more filled than approved, a limit outside the band, and two orders working', () => {
    expect(brokenInvariant(walk, [order('a', -1.5, 1, 'replaced'), order('b', -1.49, 2, 'filled')])).toBe('3 filled of 2');
    expect(brokenInvariant(walk, [order('a', -1.4, 0, 'accepted')])).toBe('a at -1.4 is outside the band');
    expect(brokenInvariant(walk, [order('a', -1.5, 0, 'accepted'), order('b', -1.49, 0, 'accepted')])).toBe('2 orders working');
    expect(brokenInvariant(walk, [order('a', -1.5, 0, 'replaced'), order('b', -1.49, 0, 'accepted')])).toBeNull();
  });
});
