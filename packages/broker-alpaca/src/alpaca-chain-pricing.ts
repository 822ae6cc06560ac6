import type { OptionContract, OptionGreeks } from '@condor/core';
import { expiryClose, priceOption, volatilityFromMids, yearsBetween } from '@condor/core';
import type { WireContract, WireSnapshot } from './alpaca-market-wire.js';

export interface AlpacaChainPricingInput {
  /** The expiration's contracts from the Trading API. */
  readonly contracts: readonly WireContract[];
  /** Option snapshots by OCC symbol. */
  readonly snapshots: ReadonlyMap<string, WireSnapshot>;
  readonly expiry: string;
  /** The underlying's mid; null when every contract came with its IV and greeks, so none was asked for. */
  readonly spot: number | null;
  /** Epoch ms. */
  readonly now: number;
  readonly rate: number;
  readonly dividendYield: number;
}

/**
 * Contracts joined with their snapshots, unusable quotes dropped, missing IV and greeks computed. A quote with
 * no ask, a crossed market or no readable time is dropped; a missing IV is backed out of the mid of the strike's
 * out-of-the-money quote, else of its own, and a contract whose IV cannot be had is dropped. Ordered by strike,
 * then call before put.
 * @example
 * pricedAlpacaChain({ contracts, snapshots, expiry: '2026-12-18', spot: 605, now, rate: 0.04, dividendYield: 0 });
 * // [{ symbol: 'SPY261218C00570000', type: 'call', strike: 570, bid: 36.1, ask: 36.2, volatility: 0.18, greeks: {…}, … }, …]
 */
export function pricedAlpacaChain(input: AlpacaChainPricingInput): OptionContract[] {
  const { contracts, snapshots: snaps, expiry, spot, now, rate, dividendYield: q } = input;
  const close = expiryClose(expiry);
  const years = close === undefined ? 0 : Math.max(0, yearsBetween(now, close));
  const usable = contracts.flatMap((contract) => {
    const snap = snaps.get(contract.symbol);
    const bid = snap?.bid ?? 0;
    const ask = snap?.ask;
    if (!snap || ask === undefined || ask <= 0 || bid < 0 || bid > ask || snap.quoteTime === undefined) return [];
    return [{ contract, snap, bid, ask, quoteTime: snap.quoteTime }];
  });
  const quoted = usable.map(({ contract, bid, ask }) => ({ type: contract.type, strike: contract.strike, bid, ask }));
  const market = spot === null ? null : { spot, years, rate, dividendYield: q };
  const chain = usable.flatMap(({ contract, snap, bid, ask, quoteTime }): OptionContract[] => {
    const given = snap.impliedVolatility !== undefined && snap.impliedVolatility > 0 ? snap.impliedVolatility : undefined;
    const volatility = given ?? volatilityFromMids(quoted, contract, market);
    if (volatility === undefined) return [];
    return [
      {
        symbol: contract.symbol,
        type: contract.type,
        strike: contract.strike,
        expiry: contract.expiry,
        bid,
        ask,
        ...(snap.last !== undefined && snap.last > 0 ? { last: snap.last } : {}),
        volatility,
        greeks: greeksOf({ snap, contract, spot, years, rate, dividendYield: q, volatility }),
        openInterest: contract.openInterest,
        volume: Math.max(0, snap.volume ?? 0),
        quoteTime,
      },
    ];
  });
  return chain.sort((a, b) => a.strike - b.strike || (a.type === b.type ? 0 : a.type === 'call' ? -1 : 1));
}

interface GreeksInput {
  readonly snap: WireSnapshot;
  readonly contract: WireContract;
  readonly spot: number | null;
  readonly years: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly volatility: number;
}

/** Alpaca's greeks in the port's units (theta per day × 365 → per year, vega per point × 100 → per 1.00), or computed from the IV. */
function greeksOf({ snap, contract, spot, years, rate, dividendYield, volatility }: GreeksInput): OptionGreeks | null {
  if (snap.greeks) {
    const { delta, gamma, theta, vega } = snap.greeks;
    return { delta, gamma, theta: theta * 365, vega: vega * 100 };
  }
  if (spot === null) return null;
  const v = priceOption({ type: contract.type, spot, strike: contract.strike, years, rate, dividendYield, volatility });
  return { delta: v.delta, gamma: v.gamma, theta: v.theta, vega: v.vega };
}
