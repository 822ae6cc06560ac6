import type { Json } from '../ports/json.js';
import type { OptionContract } from '../ports/market-data.js';
import { money } from '../words/money.js';

/**
 * The market rules a condor must meet to be opened (options-math §2.8), in one place: find_iron_condors
 * returns only candidates that meet them, propose_entry's risk gate checks them again at proposal time,
 * and rolls check the legs they open against them.
 */
export const ENTRY_RULES = {
  /** A leg's bid/ask spread may be at most the larger of this, in dollars … */
  minSpreadAllowance: 0.05,
  /** … and this share of its mid. */
  maxSpreadShareOfMid: 0.25,
  minOpenInterest: 10,
  /** Oldest quote accepted, seconds. */
  maxQuoteAgeSeconds: 60,
  /** Smallest credit (at the limit price) over the wider wing's width: the default of both tools' `min_credit_to_width`. */
  minCreditToWidth: 0.1,
} as const;

const EPSILON = 1e-9;

/** One reason a check failed, as the gate reports it. */
export interface GateFinding {
  /** The reason's name: its key in `received` (liquidity, open_interest, quote_age, credit_to_width, …). */
  readonly reason: string;
  /** The reason in words: one sentence, ending with a period. */
  readonly sentence: string;
  /** What the check requires, in words (for `expected`). */
  readonly limit: string;
  /** What was found, as data: `received[reason]`, or one entry of it when `leg` is set. */
  readonly found: Json;
  /** The contract the finding is about; findings on legs are listed under their reason. */
  readonly leg?: string;
}

/** The mid of a contract's bid and ask, per share. */
export const mid = (contract: Pick<OptionContract, 'bid' | 'ask'>): number => (contract.bid + contract.ask) / 2;

/** The widest bid/ask spread a leg may have: the larger of $0.05 and 25 % of its mid. */
export const maxLegSpread = (contract: Pick<OptionContract, 'bid' | 'ask'>): number =>
  Math.max(ENTRY_RULES.minSpreadAllowance, ENTRY_RULES.maxSpreadShareOfMid * mid(contract));

/** A live two-sided market: a bid above 0, an ask at or above it, a spread within `maxLegSpread`. */
export const isLiquid = (contract: Pick<OptionContract, 'bid' | 'ask'>): boolean =>
  contract.bid > 0 && contract.ask >= contract.bid && contract.ask - contract.bid <= maxLegSpread(contract) + EPSILON;

/** Liquid with enough open interest to open a position in. */
export const isOpenable = (contract: OptionContract): boolean => isLiquid(contract) && contract.openInterest >= ENTRY_RULES.minOpenInterest;

/** Quoted within the last `maxQuoteAgeSeconds` before `now`. */
export const isFresh = (contract: Pick<OptionContract, 'quoteTime'>, now: number): boolean => now - contract.quoteTime <= ENTRY_RULES.maxQuoteAgeSeconds * 1000;

/** The limit credit an entry is proposed at: the mid credit rounded down to the cent, so the limit is never richer than the mid. */
export const limitCreditOf = (midCredit: number): number => Math.floor(midCredit * 100 + EPSILON) / 100;

/** Whether a condor of this mid credit and (wider) wing width meets the credit rules at its limit credit. */
export const meetsCreditRules = (midCredit: number, width: number, minCreditToWidth: number): boolean =>
  creditFindings(limitCreditOf(midCredit), width, minCreditToWidth).length === 0;


/** The credit rules at a limit credit: a credit above $0.00 and at least `minCreditToWidth` of the width. */
export function creditFindings(limitCredit: number, width: number, minCreditToWidth: number): GateFinding[] {
  const findings: GateFinding[] = [];
  if (!(limitCredit > 0)) {
    findings.push({ reason: 'credit', sentence: `The net credit at the limit is ${money(limitCredit)}: it must be above $0.00.`, limit: 'a net credit above $0.00', found: limitCredit });
  }
  const ratio = limitCredit / width;
  if (ratio < minCreditToWidth - EPSILON) {
    findings.push({
      reason: 'credit_to_width',
      sentence: `The credit of ${money(limitCredit)} is ${ratio.toFixed(3)} of the ${money(width)} wing width, below the ${minCreditToWidth.toFixed(2)} required.`,
      limit: `at least ${minCreditToWidth.toFixed(2)}`,
      found: Number(ratio.toFixed(4)),
    });
  }
  return findings;
}

/** The liquidity rules of a leg about to be opened: a live two-sided market within `maxLegSpread`, and open interest. */
export function liquidityFindings(contract: OptionContract): GateFinding[] {
  const findings: GateFinding[] = [];
  if (!isLiquid(contract)) {
    const allowed = maxLegSpread(contract);
    const spread = contract.ask - contract.bid;
    const sentence =
      contract.bid > 0
        ? `${contract.symbol} is quoted ${contract.bid.toFixed(2)}/${contract.ask.toFixed(2)}: its ${money(spread)} spread is wider than the ${money(allowed)} allowed (the larger of $0.05 and 25 % of its mid).`
        : `${contract.symbol} has no bid (quoted ${contract.bid.toFixed(2)}/${contract.ask.toFixed(2)}): nobody is buying it.`;
    findings.push({
      reason: 'liquidity',
      sentence,
      limit: 'a bid above 0 and a spread of at most the larger of $0.05 and 25 % of the mid',
      found: { leg: contract.symbol, bid: contract.bid, ask: contract.ask, max_spread: Number(allowed.toFixed(4)) },
      leg: contract.symbol,
    });
  }
  if (contract.openInterest < ENTRY_RULES.minOpenInterest) {
    findings.push({
      reason: 'open_interest',
      sentence: `${contract.symbol} has an open interest of ${String(contract.openInterest)}, below the ${String(ENTRY_RULES.minOpenInterest)} required.`,
      limit: `at least ${String(ENTRY_RULES.minOpenInterest)} contracts`,
      found: { leg: contract.symbol, open_interest: contract.openInterest },
      leg: contract.symbol,
    });
  }
  return findings;
}

/** A quote older than `maxQuoteAgeSeconds` is not a price to propose at. */
export function ageFindings(contract: OptionContract, now: number): GateFinding[] {
  if (isFresh(contract, now)) return [];
  const age = Math.round((now - contract.quoteTime) / 1000);
  return [
    {
      reason: 'quote_age',
      sentence: `The quote of ${contract.symbol} is ${String(age)} s old; quotes older than ${String(ENTRY_RULES.maxQuoteAgeSeconds)} s are not used.`,
      limit: `at most ${String(ENTRY_RULES.maxQuoteAgeSeconds)} s old`,
      found: { leg: contract.symbol, age_seconds: age },
      leg: contract.symbol,
    },
  ];
}

/** Every rule of a leg about to be opened: liquidity, open interest and quote age. */
export const openingFindings = (contract: OptionContract, now: number): GateFinding[] => [...liquidityFindings(contract), ...ageFindings(contract, now)];
