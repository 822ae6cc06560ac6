import { isFresh, isOpenable } from './entry-rules.js';
import { priceLeg } from './legs.js';
import { searchPairs, type PairGroup } from './pair-search.js';
import { compareCondors, pairGroup, scoreCondor, type GroupInfo } from './scoring.js';
import { buildSpreads, legPayouts } from './spreads.js';
import type { ExpiryChain, ScoredCondor, SearchCriteria, SearchMarket, Spread } from './types.js';

/** The spreads of every (expiry, width) with both sides present. */
export interface SpreadGroup {
  readonly info: GroupInfo;
  readonly puts: readonly Spread[];
  readonly calls: readonly Spread[];
}

/**
 * Builds the put and call spreads per expiry and width: O(expiries × strikes × widths). Only legs that meet
 * the entry rules (liquidity, open interest and, for live quotes, quote age) and the caller's own limits are used.
 */
export function spreadGroups(market: SearchMarket, chains: readonly ExpiryChain[], criteria: SearchCriteria): SpreadGroup[] {
  const widths = [...new Set(criteria.widths)].sort((a, b) => a - b);
  const { liveAt } = criteria;
  const usable = (contract: ExpiryChain['contracts'][number]): boolean => isOpenable(contract) && (liveAt === undefined || isFresh(contract, liveAt));
  const groups: SpreadGroup[] = [];
  for (const chain of [...chains].sort((a, b) => a.expiry.localeCompare(b.expiry))) {
    const legs = chain.contracts
      .filter(usable)
      .map((contract) => priceLeg(contract, market, chain.years, criteria))
      .filter((leg) => leg !== null)
      .sort((a, b) => a.contract.strike - b.contract.strike);
    const puts = legs.filter((leg) => leg.contract.type === 'put');
    const calls = legs.filter((leg) => leg.contract.type === 'call');
    const payout = legPayouts(market, chain.years, criteria);
    const putSpreads = buildSpreads('put', puts, widths, market, criteria, payout);
    const callSpreads = buildSpreads('call', calls, widths, market, criteria, payout);
    for (const width of widths) {
      const group = {
        info: { expiry: chain.expiry, dte: chain.dte, years: chain.years, width },
        puts: putSpreads.get(width) ?? [],
        calls: callSpreads.get(width) ?? [],
      };
      if (group.puts.length > 0 && group.calls.length > 0) groups.push(group);
    }
  }
  return groups;
}

/**
 * The best `topK` iron condors by `criteria.sortBy`: spreads per side, then a best-first pair
 * search (never a loop over four strikes). Deterministic: ties are broken by expiry, width and strikes.
 */
export function searchIronCondors(market: SearchMarket, chains: readonly ExpiryChain[], criteria: SearchCriteria): ScoredCondor[] {
  const groups = spreadGroups(market, chains, criteria);
  const pairGroups: PairGroup<Spread, Spread>[] = groups.map((g) => pairGroup(market, g.info, g.puts, g.calls, criteria.sortBy));
  return searchPairs({
    groups: pairGroups,
    k: criteria.topK,
    evaluate: (index, put, call) => {
      const group = groups[index];
      return group === undefined ? null : scoreCondor(market, group.info, put, call, criteria);
    },
    score: (condor) => condor.score,
    compare: compareCondors,
  });
}

/** Every condor scored and sorted: the baseline the search must equal (tests and the benchmark). */
export function bruteForceIronCondors(market: SearchMarket, chains: readonly ExpiryChain[], criteria: SearchCriteria): ScoredCondor[] {
  const all: ScoredCondor[] = [];
  for (const { info, puts, calls } of spreadGroups(market, chains, criteria)) {
    for (const put of puts) {
      for (const call of calls) {
        const condor = scoreCondor(market, info, put, call, criteria);
        if (condor !== null) all.push(condor);
      }
    }
  }
  return all.sort(compareCondors).slice(0, criteria.topK);
}
