import { priceOption } from '../options/index.js';
import type { OptionContract, OptionType } from '../ports/market-data.js';
import type { ExpiryChain, SearchMarket } from './types.js';

export interface ChainShape {
  readonly expiries: number;
  readonly strikes: number;
  /** Distance between strikes, dollars. */
  readonly step: number;
  /** Seed for the small quote perturbations, so chains differ between property runs. */
  readonly seed: number;
}

const occ = (root: string, expiry: string, type: OptionType, strike: number): string =>
  `${root}${expiry.slice(2).replaceAll('-', '')}${type === 'call' ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`;

/**
 * A synthetic, skewed option chain around `market.spot` for tests and benchmarks: BSM mids with a
 * put skew, spreads widening away from the money, open interest falling away from it, and small
 * seeded perturbations. Pure and deterministic.
 */
export function syntheticChains(market: SearchMarket, shape: ChainShape, quoteTime = 0): ExpiryChain[] {
  let state = shape.seed >>> 0 || 1;
  const noise = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) / 0x1_0000_0000 - 0.5) * 0.02;
  };
  const first = market.spot - (shape.step * (shape.strikes - 1)) / 2;
  return Array.from({ length: shape.expiries }, (_, e) => {
    const dte = 7 * (e + 1) + 14;
    const years = dte / 365;
    const expiry = new Date(Date.UTC(2026, 0, 1) + dte * 86_400_000).toISOString().slice(0, 10);
    const contracts: OptionContract[] = [];
    for (let s = 0; s < shape.strikes; s++) {
      const strike = Math.round((first + s * shape.step) * 100) / 100;
      if (strike <= 0) continue;
      const moneyness = Math.log(strike / market.spot);
      const volatility = Math.max(0.05, 0.2 - 0.35 * moneyness + 0.8 * moneyness * moneyness + 0.02 * Math.sqrt(years));
      for (const type of ['call', 'put'] as const) {
        const fair = priceOption({ type, spot: market.spot, strike, years, rate: market.rate, dividendYield: market.dividendYield, volatility });
        const halfSpread = 0.01 + 0.02 * fair.price + 0.3 * Math.abs(moneyness);
        const mid = fair.price * (1 + noise());
        const bid = Math.max(0, Math.round((mid - halfSpread) * 100) / 100);
        const ask = Math.max(bid + 0.01, Math.round((mid + halfSpread) * 100) / 100);
        contracts.push({
          symbol: occ('TEST', expiry, type, strike),
          type,
          strike,
          expiry,
          bid,
          ask,
          volatility,
          greeks: { delta: fair.delta, gamma: fair.gamma, theta: fair.theta, vega: fair.vega },
          openInterest: Math.round(5_000 * Math.exp(-8 * Math.abs(moneyness))),
          volume: 100,
          quoteTime,
        });
      }
    }
    return { expiry, dte, years, contracts };
  });
}
