import type { OptionContract } from '../ports/market-data.js';

/**
 * One SPY expiry's four legs, quoted at one instant, for tests of proposing against a fixed chain: the candidate a
 * search would return and the market that prices it.
 * @example const market = new FixtureMarketData(spyQuotes(GOOD_CHAIN)); await call('propose_entry', { candidate: spyCandidate(1.4), qty: 1 });
 */
export const EXPIRY = '2026-02-20';
export const QUOTED = Date.UTC(2026, 0, 5, 14, 30);

export const occ = (type: 'put' | 'call', strike: number): string => `SPY260220${type === 'put' ? 'P' : 'C'}00${String(strike)}000`;

export const contract = (type: 'put' | 'call', strike: number, bid: number, ask: number, quoteTime = QUOTED): OptionContract => ({
  symbol: occ(type, strike),
  type,
  strike,
  expiry: EXPIRY,
  bid,
  ask,
  volatility: 0.2,
  greeks: null,
  openInterest: 1_000,
  volume: 10,
  quoteTime,
});

export const leg = (type: 'put' | 'call', strike: number) => ({ occ_symbol: occ(type, strike), type, strike });

/** The 540/545/600/605 condor as find_iron_condors returns it. */
export const spyCandidate = (netCredit: number) => ({
  ticker: 'SPY',
  expiry: EXPIRY,
  net_credit: netCredit,
  legs: { long_put: leg('put', 540), short_put: leg('put', 545), short_call: leg('call', 600), long_call: leg('call', 605) },
});

/** Credit at mid: 2.125 + 1.825 − 1.525 − 1.025 = 1.40 on a $5 wing; at the natural 2.10 + 1.80 − 1.55 − 1.05 = 1.30. */
export const GOOD_CHAIN = [contract('put', 540, 1.5, 1.55), contract('put', 545, 2.1, 2.15), contract('call', 600, 1.8, 1.85), contract('call', 605, 1.0, 1.05)];

/** What a fixture market holds for SPY: the underlying at 570.01 and `chain` on EXPIRY. */
export const spyQuotes = (chain: readonly OptionContract[]) => ({ SPY: { quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: QUOTED }, chains: { [EXPIRY]: chain } } });
