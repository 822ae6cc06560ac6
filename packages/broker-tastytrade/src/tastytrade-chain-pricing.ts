import type { OptionContract, OptionGreeks, OptionPricingInput, OptionType, Quote } from '@condor/core';
import { expiryClose, priceOption, volatilityFromMids, yearsBetween } from '@condor/core';
import type { ChainContract, WireQuote } from './tastytrade-market-wire.js';

/**
 * The underlying's quote from its by-type item: bid and ask when they make a two-sided market, else the last
 * price (or the mark) on both sides; null when tastytrade gave no price at all. Without `updated-at`, the time
 * is when it was asked for.
 */
export function underlyingQuote(symbol: string, wire: WireQuote | undefined, now: number): Quote | null {
  if (wire === undefined) return null;
  const { bid, ask } = wire;
  const sane = bid !== undefined && ask !== undefined && bid > 0 && ask >= bid;
  const last = positive(wire.last) ?? positive(wire.mark) ?? (sane ? (bid + ask) / 2 : undefined);
  if (last === undefined) return null;
  return { symbol, bid: sane ? bid : last, ask: sane ? ask : last, last, time: wire.time ?? now };
}

const positive = (n: number | undefined): number | undefined => (n !== undefined && n > 0 ? n : undefined);

export interface ChainPricingInput {
  /** The expiration's contracts from the nested chain. */
  readonly contracts: readonly ChainContract[];
  /** By-type items by padded OCC symbol. */
  readonly quotes: ReadonlyMap<string, WireQuote>;
  /** The underlying's mid; null when unknown, and then no contract has an IV or greeks. */
  readonly spot: number | null;
  /** Epoch ms. */
  readonly now: number;
  readonly rate: number;
  /** Continuously compounded; null when unknown, and then no contract has an IV or greeks (core computes its own). */
  readonly dividendYield: number | null;
}

/**
 * The chain as the port's contracts, with an implied volatility and greeks of condor's own: tastytrade's REST
 * quotes carry neither (reference §4). A strike's IV is backed out of the mid of its out-of-the-money side with
 * core's solver (no early-exercise premium there), else of the contract's own mid; the greeks are core's
 * Black-Scholes-Merton at that IV, as the Alpaca adapter computes the ones Alpaca leaves out. A contract with
 * no quote, no ask or a crossed market is left out; one whose IV cannot be solved keeps its quote with a null
 * IV and null greeks. Ordered by strike, then call before put.
 * @example
 * pricedChain({ contracts, quotes, spot: 605, now, rate: 0.04, dividendYield: 0.012 });
 * // [{ symbol: 'SPY260320C00570000', type: 'call', strike: 570, bid: 36.1, ask: 36.2, volatility: 0.18, greeks: {…}, … }, …]
 */
export function pricedChain(input: ChainPricingInput): OptionContract[] {
  const { spot, now, rate, dividendYield } = input;
  const usable = input.contracts.flatMap((contract) => {
    const quote = input.quotes.get(contract.occ);
    const bid = quote?.bid ?? 0;
    const ask = quote?.ask;
    if (quote === undefined || ask === undefined || ask <= 0 || bid < 0 || bid > ask) return [];
    return [{ contract, quote, bid, ask }];
  });
  // Both unknown or both known: a model needs the spot and the dividend yield.
  const known = spot === null || dividendYield === null ? null : { spot, dividendYield };
  const model = (type: OptionType, strike: number, expiry: string) => {
    const close = expiryClose(expiry);
    const years = close === undefined ? 0 : Math.max(0, yearsBetween(now, close));
    return known === null || years <= 0 ? null : { type, strike, years, rate, ...known };
  };
  const quoted = usable.map(({ contract, bid, ask }) => ({ type: contract.type, strike: contract.strike, bid, ask }));
  const chain = usable.map(({ contract, quote, bid, ask }): OptionContract => {
    const volatility = volatilityFromMids(quoted, contract, model(contract.type, contract.strike, contract.expiry)) ?? null;
    const inputs = model(contract.type, contract.strike, contract.expiry);
    return {
      symbol: contract.symbol,
      type: contract.type,
      strike: contract.strike,
      expiry: contract.expiry,
      bid,
      ask,
      ...(quote.last !== undefined && quote.last > 0 ? { last: quote.last } : {}),
      volatility,
      greeks: volatility === null || inputs === null ? null : greeksAt({ ...inputs, volatility }),
      openInterest: Math.max(0, quote.openInterest ?? 0),
      volume: Math.max(0, quote.volume ?? 0),
      quoteTime: quote.time ?? now,
    };
  });
  return chain.sort((a, b) => a.strike - b.strike || (a.type === b.type ? 0 : a.type === 'call' ? -1 : 1));
}

function greeksAt(input: OptionPricingInput): OptionGreeks {
  const { delta, gamma, theta, vega } = priceOption(input);
  return { delta, gamma, theta, vega };
}
