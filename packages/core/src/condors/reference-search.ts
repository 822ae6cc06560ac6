import { isFresh, isOpenable } from './entry-rules.js';
import { priceLeg } from './legs.js';
import { compareCondors, scoreCondor, type GroupInfo } from './scoring.js';
import { buildSpreads, legPayouts } from './spreads.js';
import type { ExpiryChain, ScoredCondor, SearchCriteria, SearchMarket, Spread } from './types.js';

/** The spreads of every (expiry, width) with both sides present, as objects. */
export interface SpreadGroup {
  readonly info: GroupInfo;
  readonly puts: readonly Spread[];
  readonly calls: readonly Spread[];
}

/**
 * Builds the put and call spreads per expiry and width the plain way, one object per leg and spread:
 * the reference the search's columns are tested against. Only legs that meet the entry rules
 * (liquidity, open interest and, for live quotes, quote age) and the caller's own limits are used.
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

/** Every condor scored as an object and sorted: the baseline the search must equal (tests). */
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
