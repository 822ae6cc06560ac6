import type { OptionContract } from '../ports/market-data.js';
import type { CandidateEssentials } from '../condors/candidate-input.js';
import { creditFindings, mid, openingFindings, type GateFinding } from '../condors/entry-rules.js';
import { money } from '../words/money.js';

/** The account-dependent limits of the entry risk gate; the market rules are `ENTRY_RULES`. Dollars unless stated. */
export interface RiskLimits {
  /** Largest max loss of the whole order. */
  readonly maxRiskPerTrade: number;
  /** Smallest credit over the wider wing's width. */
  readonly minCreditToWidth: number;
}

/** The candidate's four contracts as the market quotes them now. */
export interface RepricedCondor {
  readonly longPut: OptionContract;
  readonly shortPut: OptionContract;
  readonly shortCall: OptionContract;
  readonly longCall: OptionContract;
}

const legs = (condor: RepricedCondor): OptionContract[] => [condor.longPut, condor.shortPut, condor.shortCall, condor.longCall];

/** The credit at mid prices per share and the wider wing's width. */
export function condorEconomics(condor: RepricedCondor): { credit: number; width: number } {
  const credit = mid(condor.shortPut) + mid(condor.shortCall) - mid(condor.longPut) - mid(condor.longCall);
  const width = Math.max(condor.shortPut.strike - condor.longPut.strike, condor.longCall.strike - condor.shortCall.strike);
  return { credit, width };
}

/**
 * Every failing check of the entry gate for `qty` contracts at `limitCredit` per share, re-priced now:
 * the entry rules (credit, credit/width, each leg's liquidity, open interest and quote age), the order's
 * max loss, and how far the price moved since the candidate. An empty list admits the entry.
 */
export function riskFindings({
  candidate,
  condor,
  qty,
  limitCredit,
  limits,
  now,
}: {
  readonly candidate: CandidateEssentials;
  readonly condor: RepricedCondor;
  readonly qty: number;
  readonly limitCredit: number;
  readonly limits: RiskLimits;
  readonly now: number;
}): GateFinding[] {
  const { width } = condorEconomics(condor);
  const findings: GateFinding[] = [...creditFindings(limitCredit, width, limits.minCreditToWidth)];
  const maxLoss = (width - limitCredit) * 100 * qty;
  if (maxLoss > limits.maxRiskPerTrade) {
    findings.push({
      reason: 'max_loss',
      sentence: `The most ${String(qty)} contract${qty === 1 ? '' : 's'} can lose is ${money(maxLoss)}, above the ${money(limits.maxRiskPerTrade)} allowed per trade (max_risk, by default 5 % of buying power).`,
      limit: `at most ${money(limits.maxRiskPerTrade)}`,
      found: Math.round(maxLoss * 100) / 100,
    });
  }
  const moveAllowed = Math.max(0.1, 0.25 * candidate.netCredit);
  if (Math.abs(limitCredit - candidate.netCredit) > moveAllowed) {
    findings.push({
      reason: 'price_moved',
      sentence: `The credit is ${money(limitCredit)} now against ${money(candidate.netCredit)} in the candidate: it moved by more than the ${money(moveAllowed)} allowed.`,
      limit: `within ${money(moveAllowed)} of the candidate's credit`,
      found: { credit_now: limitCredit, candidate_credit: candidate.netCredit },
    });
  }
  return [...findings, ...legs(condor).flatMap((contract) => openingFindings(contract, now))];
}
