import type { OptionContract } from '../ports/market-data.js';
import type { CandidateEssentials } from '../condors/candidate-input.js';
import { mid } from './managed-legs.js';

/** The limits of the entry risk gate (options-math §2.8). Dollars unless stated. */
export interface RiskLimits {
  /** Largest max loss of the whole order. */
  readonly maxRiskPerTrade: number;
  /** Smallest credit over the wider wing's width. */
  readonly minCreditToWidth: number;
  /** Largest bid/ask spread of a leg: the larger of $0.05 and this share of its mid. */
  readonly maxLegSpreadPct: number;
  readonly minOpenInterest: number;
  /** Oldest quote accepted, seconds. */
  readonly maxQuoteAgeSeconds: number;
}

/** The candidate's four contracts as the market quotes them now. */
export interface RepricedCondor {
  readonly longPut: OptionContract;
  readonly shortPut: OptionContract;
  readonly shortCall: OptionContract;
  readonly longCall: OptionContract;
}

export interface GateFinding {
  readonly check: string;
  readonly limit: string;
  readonly value: string;
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
 * an empty list admits the entry.
 */
export function riskFindings(
  candidate: CandidateEssentials,
  condor: RepricedCondor,
  qty: number,
  limitCredit: number,
  limits: RiskLimits,
  now: number,
): GateFinding[] {
  const findings: GateFinding[] = [];
  const { width } = condorEconomics(condor);
  const maxLoss = (width - limitCredit) * 100 * qty;
  if (!(limitCredit > 0)) findings.push({ check: 'credit', limit: 'a net credit above $0.00', value: `$${limitCredit.toFixed(2)}` });
  if (maxLoss > limits.maxRiskPerTrade) {
    findings.push({ check: 'max_loss', limit: `at most $${limits.maxRiskPerTrade.toFixed(2)}`, value: `$${maxLoss.toFixed(2)} for ${String(qty)} contracts` });
  }
  if (limitCredit / width < limits.minCreditToWidth) {
    findings.push({ check: 'credit_to_width', limit: `at least ${limits.minCreditToWidth.toFixed(2)}`, value: (limitCredit / width).toFixed(3) });
  }
  if (Math.abs(limitCredit - candidate.netCredit) > Math.max(0.1, 0.25 * candidate.netCredit)) {
    findings.push({ check: 'price_moved', limit: `within $${Math.max(0.1, 0.25 * candidate.netCredit).toFixed(2)} of the candidate's credit`, value: `$${limitCredit.toFixed(2)} now vs $${candidate.netCredit.toFixed(2)}` });
  }
  for (const contract of legs(condor)) {
    const spread = contract.ask - contract.bid;
    const allowed = Math.max(0.05, limits.maxLegSpreadPct * mid(contract));
    if (contract.bid <= 0 || spread > allowed) {
      findings.push({ check: 'liquidity', limit: `bid above 0 and spread at most $${allowed.toFixed(2)}`, value: `${contract.symbol} ${contract.bid.toFixed(2)}/${contract.ask.toFixed(2)}` });
    }
    if (contract.openInterest < limits.minOpenInterest) {
      findings.push({ check: 'open_interest', limit: `at least ${String(limits.minOpenInterest)}`, value: `${contract.symbol} ${String(contract.openInterest)}` });
    }
    if (now - contract.quoteTime > limits.maxQuoteAgeSeconds * 1000) {
      findings.push({ check: 'quote_age', limit: `at most ${String(limits.maxQuoteAgeSeconds)} s old`, value: `${contract.symbol} ${String(Math.round((now - contract.quoteTime) / 1000))} s` });
    }
  }
  return findings;
}
