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

/** What every contract of one expiry shares. */
interface ExpiryTerms {
  readonly inputs: ChainInputs;
  readonly years: number;
  readonly surface: SurfaceParams;
  readonly forward: number;
  readonly stdDev: number;
  readonly expiry: string;
}

/** The terms of the expiry, or undefined once it has closed. */
function expiryTerms(inputs: ChainInputs): ExpiryTerms | undefined {
  const { spec, state, expiryDay, rate } = inputs;
  const years = (sessionClose(expiryDay) - state.asOf) / YEAR_MS;
  if (!(years > 0)) return undefined;
  const surface: SurfaceParams = { atmVol30: state.atmVol30, longVol: spec.baseVol * LONG_VOL_PREMIUM, skew: spec.skew };
  const forward = state.spot * Math.exp((rate - spec.dividendYield) * years);
  return { inputs, years, surface, forward, stdDev: atmVol(surface, years) * Math.sqrt(years), expiry: formatDay(expiryDay) };
}

/** The strikes listed for the expiry, ascending. */
const listedStrikes = (terms: ExpiryTerms): number[] => strikeGrid(terms.inputs.state.referenceClose, terms.inputs.spec.kind, terms.stdDev);

function contractAt(terms: ExpiryTerms, strike: number, type: OptionType, symbol: string): OptionContract {
  const { inputs, years, surface, forward, stdDev, expiry } = terms;
  const { spec, state, rate } = inputs;
  const volatility = smileVol(surface, years, strike, forward);
  const z = Math.log(strike / forward) / stdDev;
  const model = priceOption({ type, spot: state.spot, strike, years, rate, dividendYield: spec.dividendYield, volatility });
  const intrinsic = Math.max(0, type === 'call' ? state.spot - strike : strike - state.spot);
  const { bid, ask, last } = quoteAround(model.price, { z, years, intrinsic, liquidity: spec.liquidity });
  return {
    symbol,
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
  };
}

/**
 * The contracts of one expiry, ordered by strike then call before put: each priced with BSM at the
 * simulated smile, quoted around that mid, with open interest and volume falling away from the money.
 * Empty once the expiry has closed.
 */
export function buildChain(inputs: ChainInputs): OptionContract[] {
  const terms = expiryTerms(inputs);
  if (terms === undefined) return [];
  const contracts: OptionContract[] = [];
  for (const strike of listedStrikes(terms)) {
    for (const type of TYPES) contracts.push(contractAt(terms, strike, type, occSymbol({ root: inputs.spec.symbol, expiry: terms.expiry, type, strike })));
  }
  return contracts;
}

/**
 * The contracts of `buildChain(inputs)` whose symbols are in `symbols`, each exactly as the whole chain
 * has it, in chain order; only those are priced (a placement needs its legs, not the chain).
 */
export function chainContracts(inputs: ChainInputs, symbols: ReadonlySet<string>): OptionContract[] {
  const terms = expiryTerms(inputs);
  if (terms === undefined || symbols.size === 0) return [];
  const strikes = new Set([...symbols].map((symbol) => symbol.slice(-8)));
  const contracts: OptionContract[] = [];
  for (const strike of listedStrikes(terms)) {
    if (!strikes.has(String(Math.round(strike * 1000)).padStart(8, '0'))) continue;
    for (const type of TYPES) {
      const symbol = occSymbol({ root: inputs.spec.symbol, expiry: terms.expiry, type, strike });
      if (symbols.has(symbol)) contracts.push(contractAt(terms, strike, type, symbol));
    }
  }
  return contracts;
}

/** A uniform on (0, 1) that depends only on the values, for activity looked up out of order. */
function uniformAt(...values: readonly number[]): number {
  return new SeededRandom(mixSeed(...values)).uniform();
}
