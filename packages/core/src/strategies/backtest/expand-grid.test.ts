import { describe, expect, it } from 'vitest';
import type { RuleGrid } from '../types.js';
import { expandGrid, strategyKey } from './expand-grid.js';

const grid: RuleGrid = {
  shortDeltas: [0.16, 0.3],
  wingWidths: [5],
  entryDtes: [14, 45],
  profitTakePcts: [0.5, null],
  managementDtes: [21, null],
  stopLossMultiples: [null, 2],
};

describe('expandGrid', () => {
  it('lists every combination, shape first, in a fixed order', () => {
    const keys = expandGrid(grid).map(strategyKey);
    expect(keys.slice(0, 6)).toEqual(['0.16/5/14/0.5/-/-', '0.16/5/14/0.5/-/2', '0.16/5/14/-/-/-', '0.16/5/14/-/-/2', '0.16/5/45/0.5/21/-', '0.16/5/45/0.5/21/2']);
    expect(keys.at(-1)).toBe('0.3/5/45/-/-/2');
  });

  it('drops management at or after the entry DTE', () => {
    const rules = expandGrid(grid);
    // 14-DTE entries cannot manage at 21: 2 deltas × (14: 2·1·2 + 45: 2·2·2) = 24.
    expect(rules).toHaveLength(24);
    expect(rules.every((r) => r.managementDte === null || r.managementDte < r.entryDte)).toBe(true);
    expect(expandGrid({ ...grid, entryDtes: [21] }).some((r) => r.managementDte === 21)).toBe(false);
  });

  it('drops repeated values, so no rule set appears twice', () => {
    const repeated = { ...grid, shortDeltas: [0.16, 0.16, 0.3], stopLossMultiples: [null, 2, null] };
    const keys = expandGrid(repeated).map(strategyKey);
    expect(keys).toEqual(expandGrid(grid).map(strategyKey));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is empty when any list is', () => {
    expect(expandGrid({ ...grid, wingWidths: [] })).toEqual([]);
  });
});
