import {
  DAY_MS,
  formatDay,
  hashString,
  mixSeed,
  type OptionContract,
  type OptionType,
  priceOption,
  SeededRandom,
  sessionClose,
} from '@condor/core';
import { isMonthlyExpiry } from './expirations.js';
import type { MarketState } from './market-state.js';
import { occSymbol } from './occ.js';
import { quoteAround } from './option-quote.js';
import { strikeGrid } from './strikes.js';
import { atmVol, smileVol, type SurfaceParams } from './surface.js';
import type { LiquidityTier, SimSymbol } from './universe.js';

const YEAR_MS = 365 * DAY_MS;
const LONG_VOL_PREMIUM = 1.05;
const ATM_OPEN_INTEREST: Record<LiquidityTier, number> = { 1: 60_000, 2: 15_000, 3: 5_000 };
const TYPES: readonly OptionType[] = ['call', 'put'];

/** Everything a chain is priced from. */
export interface ChainInputs {
  readonly spec: SimSymbol;
  readonly state: MarketState;
  readonly expiryDay: number;
  readonly rate: number;
  readonly seed: number;
}

function activity(inputs: ChainInputs, strikeCents: number, type: OptionType, z: number, years: number) {
  const { spec, state, expiryDay, seed } = inputs;
  const words = [seed, hashString(spec.symbol), expiryDay, strikeCents, type === 'call' ? 1 : 2, state.sessionDay];
  const roundStrike = strikeCents % 500 === 0 ? 1.3 : 1;
  const cycle = isMonthlyExpiry(expiryDay) ? 1 : 0.35;
  const openInterest = Math.round(
    ATM_OPEN_INTEREST[spec.liquidity] * Math.exp(-(z * z) / 4.5) * cycle * roundStrike * (0.6 + 0.8 * uniformAt(...words, 1)),
  );
  const turnover = (0.25 * Math.exp(-2 * years) + 0.01) * (0.5 + uniformAt(...words, 2));
  return { openInterest, volume: Math.round(openInterest * turnover * state.sessionFraction) };
}

/**
 * The contracts of one expiry, ordered by strike then call before put: each priced with BSM at the
 * simulated smile, quoted around that mid, with open interest and volume falling away from the money.
 * Empty once the expiry has closed.
 */
export function buildChain(inputs: ChainInputs): OptionContract[] {
  const { spec, state, expiryDay, rate } = inputs;
  const years = (sessionClose(expiryDay) - state.asOf) / YEAR_MS;
  if (!(years > 0)) return [];
  const surface: SurfaceParams = { atmVol30: state.atmVol30, longVol: spec.baseVol * LONG_VOL_PREMIUM, skew: spec.skew };
  const q = spec.dividendYield;
  const forward = state.spot * Math.exp((rate - q) * years);
  const stdDev = atmVol(surface, years) * Math.sqrt(years);
  const expiry = formatDay(expiryDay);
  const contracts: OptionContract[] = [];
  for (const strike of strikeGrid(state.referenceClose, spec.kind, stdDev)) {
    const volatility = smileVol(surface, years, strike, forward);
    const z = Math.log(strike / forward) / stdDev;
    for (const type of TYPES) {
      const model = priceOption({ type, spot: state.spot, strike, years, rate, dividendYield: q, volatility });
      const intrinsic = Math.max(0, type === 'call' ? state.spot - strike : strike - state.spot);
      const { bid, ask, last } = quoteAround(model.price, { z, years, intrinsic, liquidity: spec.liquidity });
      contracts.push({
        symbol: occSymbol({ root: spec.symbol, expiry, type, strike }),
        type,
        strike,
        expiry,
        bid,
        ask,
        last,
        volatility,
        greeks: { delta: model.delta, gamma: model.gamma, theta: model.theta, vega: model.vega },
        ...activity(inputs, Math.round(strike * 100), type, z, years),
        quoteTime: state.asOf,
      });
    }
  }
  return contracts;
}

/** A uniform on (0, 1) that depends only on the values, for activity looked up out of order. */
function uniformAt(...values: readonly number[]): number {
  return new SeededRandom(mixSeed(...values)).uniform();
}
