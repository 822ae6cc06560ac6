import type { RuleGrid, RuleSet } from '../types.js';

const distinct = <T>(values: readonly T[]): T[] => [...new Set(values)];

/**
 * Every rule set of a grid, in a fixed order: short delta, then wing width, then entry DTE (the
 * "shape" of the trades), then profit taking, management DTE and stop loss, each list in the order
 * given with repeated values dropped. Combinations that would manage at or before the entry
 * (managementDte ≥ entryDte) are left out.
 *
 * @example
 * expandGrid({ shortDeltas: [0.16], wingWidths: [5], entryDtes: [45], profitTakePcts: [0.5, null],
 *              managementDtes: [21, null], stopLossMultiples: [null] }).length // 4
 */
export function expandGrid(grid: RuleGrid): RuleSet[] {
  const rules: RuleSet[] = [];
  for (const shortDelta of distinct(grid.shortDeltas)) {
    for (const wingWidth of distinct(grid.wingWidths)) {
      for (const entryDte of distinct(grid.entryDtes)) {
        for (const profitTakePct of distinct(grid.profitTakePcts)) {
          for (const managementDte of distinct(grid.managementDtes)) {
            if (managementDte !== null && managementDte >= entryDte) continue;
            for (const stopLossMultiple of distinct(grid.stopLossMultiples)) {
              rules.push({ shortDelta, wingWidth, entryDte, profitTakePct, managementDte, stopLossMultiple });
            }
          }
        }
      }
    }
  }
  return rules;
}

/** A stable text key of a rule set, e.g. "0.16/5/45/0.5/21/-" (null as "-"). */
export function strategyKey(rules: RuleSet): string {
  const part = (value: number | null): string => (value === null ? '-' : String(value));
  return [rules.shortDelta, rules.wingWidth, rules.entryDte, rules.profitTakePct, rules.managementDte, rules.stopLossMultiple].map(part).join('/');
}
