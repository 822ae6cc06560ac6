import type { OptionContract } from '../ports/market-data.js';

/** What `find_iron_condors` can rank by; every key is "higher is better". */
export const SORT_KEYS = ['pop', 'credit_to_width', 'return_on_risk', 'expected_value'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface SearchCriteria {
  /** |delta| band of both short strikes. */
  readonly shortDeltaMin: number;
  readonly shortDeltaMax: number;
  /** Wing widths in dollars; each condor has the same width on both sides. */
  readonly widths: readonly number[];
  /** Minimum net credit per share, at mid prices. */
  readonly minCredit: number;
  /** Smallest credit over the width at the limit credit propose_entry would use (`ENTRY_RULES`). */
  readonly minCreditToWidth: number;
  /** Largest bid/ask spread accepted on any leg, dollars per share: a cap on top of the entry rules' own. */
  readonly maxLegSpread: number;
  /** Smallest open interest of any leg: a floor on top of the entry rules' own. */
  readonly minOpenInterest: number;
  /**
   * When quotes are live, the time they must be fresh at (the entry rules' quote age); absent for quotes
   * from the last close, which are searched as they stand.
   */
  readonly liveAt?: number;
  readonly sortBy: SortKey;
  readonly topK: number;
  /** Volatility the expected value is computed under; each leg's own IV when absent. */
  readonly forecastVolatility?: number;
}

/** The underlying and rates every contract of a search is priced against. */
export interface SearchMarket {
  readonly spot: number;
  readonly rate: number;
  readonly dividendYield: number;
}

export interface ExpiryChain {
  readonly expiry: string;
  /** Calendar days to expiry. */
  readonly dte: number;
  /** Years to the expiry close. */
  readonly years: number;
  readonly contracts: readonly OptionContract[];
}

/** A contract with the numbers the search works from. */
export interface PricedLeg {
  readonly contract: OptionContract;
  readonly mid: number;
  readonly volatility: number;
  readonly delta: number;
  readonly theta: number;
  readonly vega: number;
}

/** A vertical credit spread: the short leg nearer the money, the long leg `width` further out. */
export interface Spread {
  readonly short: PricedLeg;
  readonly long: PricedLeg;
  readonly credit: number;
  /** Expected value per share of this side held to expiry (credit minus expected payout). */
  readonly expectedValue: number;
}

/** A scored iron condor: long put < short put < short call < long call, one expiry. */
export interface ScoredCondor {
  readonly expiry: string;
  readonly dte: number;
  readonly years: number;
  readonly width: number;
  readonly put: Spread;
  readonly call: Spread;
  readonly credit: number;
  readonly pop: number;
  readonly expectedValue: number;
  readonly creditToWidth: number;
  readonly returnOnRisk: number;
  /** The value of the requested sort key. */
  readonly score: number;
}
