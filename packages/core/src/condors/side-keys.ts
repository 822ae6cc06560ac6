import { SEPARATE_COLUMNS, type Columns } from '../columns/columns.js';
import { finishAboveScore } from '../options/index.js';
import type { PairGroup } from './pair-search.js';
import { lowerTerm, upperTerm } from './scoring.js';
import type { SpreadTable } from './spread-table.js';
import type { TableGroup } from './table-groups.js';
import type { SearchMarket, SortKey } from './types.js';

const maxCredit = (table: SpreadTable): number => table.credits.reduce((max, credit) => Math.max(max, credit), -Infinity);

const column = (columns: Columns, length: number, value: (i: number) => number): Float64Array => {
  const values = columns.float64(length);
  for (let i = 0; i < length; i++) values[i] = value(i);
  return values;
};

const byColumn = (values: Float64Array) => (i: number): number => values[i] as number;

/**
 * The separable bound of a sort key for one group: exact for the credit and EV keys (they are
 * monotone in a per-side sum); for POP each side's breakeven is widened by the other side's largest
 * credit, which can only raise POP. POP's keys are normal probabilities of d2 scores: the sides are
 * ranked by the scores and the probabilities computed only for the spreads the search reaches.
 */
export function pairGroup(market: SearchMarket, { info, puts, calls }: TableGroup, sortBy: SortKey, columns: Columns = SEPARATE_COLUMNS): PairGroup {
  switch (sortBy) {
    case 'pop': {
      const maxPut = maxCredit(puts);
      const maxCall = maxCredit(calls);
      const putLevel = (i: number): number => puts.shortStrike(i) - ((puts.credits[i] as number) + maxCall);
      const callLevel = (i: number): number => calls.shortStrike(i) + (maxPut + (calls.credits[i] as number));
      const score = (level: number, volatility: number): number =>
        finishAboveScore(market.spot, level, info.years, market.rate, market.dividendYield, volatility);
      return {
        leftRanks: column(columns, puts.length, (i) => score(putLevel(i), puts.shortVolatility(i))),
        rightRanks: column(columns, calls.length, (i) => -score(callLevel(i), calls.shortVolatility(i))),
        leftKey: (i) => lowerTerm(market, info, puts.shortStrike(i), puts.shortVolatility(i), (puts.credits[i] as number) + maxCall),
        rightKey: (i) => -upperTerm(market, info, calls.shortStrike(i), calls.shortVolatility(i), maxPut + (calls.credits[i] as number)),
        bound: (sum) => sum,
      };
    }
    case 'credit_to_width':
      return credits(puts, calls, (sum) => sum / info.width);
    case 'return_on_risk':
      return credits(puts, calls, (sum) => (sum >= info.width ? Number.POSITIVE_INFINITY : sum / (info.width - sum)));
    case 'expected_value': {
      const left = column(columns, puts.length, (i) => puts.expectedValue(i));
      const right = column(columns, calls.length, (i) => calls.expectedValue(i));
      return { leftRanks: left, rightRanks: right, leftKey: byColumn(left), rightKey: byColumn(right), bound: (sum) => sum };
    }
  }
}

const credits = (puts: SpreadTable, calls: SpreadTable, bound: (sum: number) => number): PairGroup => ({
  leftRanks: puts.credits,
  rightRanks: calls.credits,
  leftKey: byColumn(puts.credits),
  rightKey: byColumn(calls.credits),
  bound,
});
