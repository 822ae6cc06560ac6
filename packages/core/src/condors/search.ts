import { sharedColumns } from '../columns/columns.js';
import { searchPairs } from './pair-search.js';
import { compareCondors, scoreCondor } from './scoring.js';
import { pairGroup } from './side-keys.js';
import { tableGroups } from './table-groups.js';
import type { ExpiryChain, ScoredCondor, SearchCriteria, SearchMarket } from './types.js';

export { bruteForceIronCondors } from './reference-search.js';

/**
 * The best `topK` iron condors by `criteria.sortBy`: spreads per side as columns, then a best-first pair
 * search (never a loop over four strikes). Only the pairs it visits become objects. Deterministic: ties
 * are broken by expiry, width and strikes.
 */
export function searchIronCondors(market: SearchMarket, chains: readonly ExpiryChain[], criteria: SearchCriteria): ScoredCondor[] {
  // Hundreds of short columns that all live as long as the search: views of a few shared blocks.
  const columns = sharedColumns();
  const groups = tableGroups(market, chains, criteria, columns);
  return searchPairs({
    groups: groups.map((group) => pairGroup(market, group, criteria.sortBy, columns)),
    columns,
    k: criteria.topK,
    evaluate: (index, put, call) => {
      const group = groups[index];
      return group === undefined ? null : scoreCondor(market, group.info, group.puts.spread(put), group.calls.spread(call), criteria);
    },
    score: (condor) => condor.score,
    compare: compareCondors,
  });
}
