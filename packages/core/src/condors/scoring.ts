import { finishAbove } from '../options/index.js';
import { meetsCreditRules } from './entry-rules.js';
import type { ScoredCondor, SearchCriteria, SearchMarket, SortKey, Spread } from './types.js';

/** The expiry and width a group of spreads shares. */
export interface GroupInfo {
  readonly expiry: string;
  readonly dte: number;
  readonly years: number;
  readonly width: number;
}

/** P(S_T > short put strike − C) at the short put's IV: the lower breakeven's term of POP. */
export const lowerTerm = (m: SearchMarket, g: Pick<GroupInfo, 'years'>, shortStrike: number, volatility: number, credit: number): number =>
  finishAbove(m.spot, shortStrike - credit, g.years, m.rate, m.dividendYield, volatility);
/** P(S_T > short call strike + C) at the short call's IV: the upper breakeven's term of POP. */
export const upperTerm = (m: SearchMarket, g: Pick<GroupInfo, 'years'>, shortStrike: number, volatility: number, credit: number): number =>
  finishAbove(m.spot, shortStrike + credit, g.years, m.rate, m.dividendYield, volatility);

/** POP of a put and a call spread together at a net `credit` per share (the breakevens move with it). */
export function condorPop(market: SearchMarket, group: GroupInfo, put: Spread, call: Spread, credit: number): number {
  return Math.max(
    0,
    lowerTerm(market, group, put.short.contract.strike, put.short.volatility, credit) - upperTerm(market, group, call.short.contract.strike, call.short.volatility, credit),
  );
}

/** Whether a condor's net credit meets the caller's minimum, stays below the width and meets the entry rules' credit rules. */
export const acceptsCredit = (credit: number, width: number, criteria: SearchCriteria): boolean =>
  !(credit < criteria.minCredit - 1e-9 || credit >= width) && meetsCreditRules(credit, width, criteria.minCreditToWidth);

/** The condor of a put and a call spread, or null when it fails the credit filters or the entry rules' credit rules. */
export function scoreCondor(
  market: SearchMarket,
  group: GroupInfo,
  put: Spread,
  call: Spread,
  criteria: SearchCriteria,
): ScoredCondor | null {
  const credit = put.credit + call.credit;
  if (!acceptsCredit(credit, group.width, criteria)) return null;
  const pop = condorPop(market, group, put, call, credit);
  const expectedValue = put.expectedValue + call.expectedValue;
  const creditToWidth = credit / group.width;
  const returnOnRisk = credit / (group.width - credit);
  const score = scoreOf(criteria.sortBy, pop, creditToWidth, returnOnRisk, expectedValue);
  // Fields spelt out: `{ ...group, … }` takes V8's slow path, microseconds per condor.
  const { expiry, dte, years, width } = group;
  return { expiry, dte, years, width, put, call, credit, pop, expectedValue, creditToWidth, returnOnRisk, score };
}

function scoreOf(sortBy: SortKey, pop: number, creditToWidth: number, returnOnRisk: number, expectedValue: number): number {
  switch (sortBy) {
    case 'pop':
      return pop;
    case 'credit_to_width':
      return creditToWidth;
    case 'return_on_risk':
      return returnOnRisk;
    case 'expected_value':
      return expectedValue;
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
