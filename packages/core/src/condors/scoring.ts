import { finishAbove } from '../options/index.js';
import { meetsCreditRules } from './entry-rules.js';
import type { PairGroup } from './pair-search.js';
import type { ScoredCondor, SearchCriteria, SearchMarket, SortKey, Spread } from './types.js';

/** The expiry and width a group of spreads shares. */
export interface GroupInfo {
  readonly expiry: string;
  readonly dte: number;
  readonly years: number;
  readonly width: number;
}

/**
 * POP at the breakevens, each side with its short strike's IV (skew-aware):
 * P(S_T > short put − C) − P(S_T > short call + C).
 */
const lowerTerm = (m: SearchMarket, g: GroupInfo, put: Spread, credit: number): number =>
  finishAbove(m.spot, put.short.contract.strike - credit, g.years, m.rate, m.dividendYield, put.short.volatility);
const upperTerm = (m: SearchMarket, g: GroupInfo, call: Spread, credit: number): number =>
  finishAbove(m.spot, call.short.contract.strike + credit, g.years, m.rate, m.dividendYield, call.short.volatility);

/** POP of a put and a call spread together at a net `credit` per share (the breakevens move with it). */
export function condorPop(market: SearchMarket, group: GroupInfo, put: Spread, call: Spread, credit: number): number {
  return Math.max(0, lowerTerm(market, group, put, credit) - upperTerm(market, group, call, credit));
}

/** The condor of a put and a call spread, or null when it fails the credit filters or the entry rules' credit rules. */
export function scoreCondor(
  market: SearchMarket,
  group: GroupInfo,
  put: Spread,
  call: Spread,
  criteria: SearchCriteria,
): ScoredCondor | null {
  const credit = put.credit + call.credit;
  if (credit < criteria.minCredit - 1e-9 || credit >= group.width) return null;
  if (!meetsCreditRules(credit, group.width, criteria.minCreditToWidth)) return null;
  const pop = condorPop(market, group, put, call, credit);
  const expectedValue = put.expectedValue + call.expectedValue;
  const creditToWidth = credit / group.width;
  const returnOnRisk = credit / (group.width - credit);
  const values: Record<SortKey, number> = {
    pop,
    credit_to_width: creditToWidth,
    return_on_risk: returnOnRisk,
    expected_value: expectedValue,
  };
  return { ...group, put, call, credit, pop, expectedValue, creditToWidth, returnOnRisk, score: values[criteria.sortBy] };
}

/**
 * The separable bound of a sort key for one group: exact for the credit and EV keys (they are
 * monotone in a per-side sum); for POP each side's breakeven is widened by the other side's largest
 * credit, which can only raise POP.
 */
export function pairGroup(
  market: SearchMarket,
  group: GroupInfo,
  puts: readonly Spread[],
  calls: readonly Spread[],
  sortBy: SortKey,
): PairGroup<Spread, Spread> {
  const keys = sideKeys(market, group, puts, calls, sortBy);
  const [left, leftKeys] = sortedByKey(puts, keys.left);
  const [right, rightKeys] = sortedByKey(calls, keys.right);
  return { left, leftKeys, right, rightKeys, bound: keys.bound };
}

/** The items sorted by key, descending, with their keys in the same order (each key computed once). */
function sortedByKey(items: readonly Spread[], key: (s: Spread) => number): [Spread[], Float64Array] {
  const values = Float64Array.from(items, key);
  const order = Array.from(items.keys()).sort((a, b) => (values[b] ?? 0) - (values[a] ?? 0));
  return [order.map((i) => items[i] as Spread), Float64Array.from(order, (i) => values[i] ?? 0)];
}

function sideKeys(market: SearchMarket, group: GroupInfo, puts: readonly Spread[], calls: readonly Spread[], sortBy: SortKey) {
  const byCredit = { left: (s: Spread) => s.credit, right: (s: Spread) => s.credit };
  switch (sortBy) {
    case 'pop': {
      const maxPut = Math.max(...puts.map((s) => s.credit));
      const maxCall = Math.max(...calls.map((s) => s.credit));
      return {
        left: (s: Spread) => lowerTerm(market, group, s, s.credit + maxCall),
        right: (s: Spread) => -upperTerm(market, group, s, maxPut + s.credit),
        bound: (sum: number) => sum,
      };
    }
    case 'credit_to_width':
      return { ...byCredit, bound: (sum: number) => sum / group.width };
    case 'return_on_risk':
      return { ...byCredit, bound: (sum: number) => (sum >= group.width ? Number.POSITIVE_INFINITY : sum / (group.width - sum)) };
    case 'expected_value':
      return { left: (s: Spread) => s.expectedValue, right: (s: Spread) => s.expectedValue, bound: (sum: number) => sum };
  }
}

/** The ranking of condors: by score, then deterministically by expiry, width and strikes. */
export function compareCondors(a: ScoredCondor, b: ScoredCondor): number {
  return (
    b.score - a.score ||
    a.expiry.localeCompare(b.expiry) ||
    a.width - b.width ||
    b.put.short.contract.strike - a.put.short.contract.strike ||
    a.call.short.contract.strike - b.call.short.contract.strike
  );
}
