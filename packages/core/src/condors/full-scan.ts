import { insertRanked } from './pair-search.js';
import { acceptsCredit, compareCondors, lowerTerm, scoreCondor, upperTerm } from './scoring.js';
import { tableGroups, type TableGroup } from './table-groups.js';
import type { ExpiryChain, ScoredCondor, SearchCriteria, SearchMarket } from './types.js';

/**
 * Every put × call pair of every group scored from the same columns as the search, with the same
 * filters and scores and no pruning: the honest baseline of the best-first search (benchmark, tests).
 * A pair becomes an object only when it enters the top k.
 */
export function scanIronCondors(market: SearchMarket, chains: readonly ExpiryChain[], criteria: SearchCriteria): ScoredCondor[] {
  const best: ScoredCondor[] = [];
  const k = criteria.topK;
  for (const group of tableGroups(market, chains, criteria)) {
    const { info, puts, calls } = group;
    const score = pairScore(market, group, criteria);
    for (let i = 0; i < puts.length; i++) {
      const putCredit = puts.credits[i] as number;
      for (let j = 0; j < calls.length; j++) {
        const credit = putCredit + (calls.credits[j] as number);
        const kth = best[k - 1];
        // Score first: the credit rules cost more than most scores, and a pair below the k-th cannot enter.
        if (kth !== undefined && score(i, j, credit) < kth.score) continue;
        if (!acceptsCredit(credit, info.width, criteria)) continue;
        const condor = scoreCondor(market, info, puts.spread(i), calls.spread(j), criteria);
        if (condor !== null) insertRanked(best, condor, k, compareCondors);
      }
    }
  }
  return best;
}

/** The sort key of pair (i, j) at its net credit, computed as `scoreCondor` computes it. */
function pairScore(market: SearchMarket, { info, puts, calls }: TableGroup, criteria: SearchCriteria): (i: number, j: number, credit: number) => number {
  switch (criteria.sortBy) {
    case 'pop':
      return (i, j, credit) =>
        Math.max(0, lowerTerm(market, info, puts.shortStrike(i), puts.shortVolatility(i), credit) - upperTerm(market, info, calls.shortStrike(j), calls.shortVolatility(j), credit));
    case 'credit_to_width':
      return (_i, _j, credit) => credit / info.width;
    case 'return_on_risk':
      return (_i, _j, credit) => credit / (info.width - credit);
    case 'expected_value': {
      const put = Float64Array.from({ length: puts.length }, (_, i) => puts.expectedValue(i));
      const call = Float64Array.from({ length: calls.length }, (_, j) => calls.expectedValue(j));
      return (i, j) => (put[i] as number) + (call[j] as number);
    }
  }
}
