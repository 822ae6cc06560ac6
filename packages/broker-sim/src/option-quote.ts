import type { LiquidityTier } from './universe.js';

/** A contract's two-sided market and last trade, dollars per share. */
export interface OptionQuote {
  readonly bid: number;
  readonly ask: number;
  readonly last: number;
}

/** Where a contract sits, for its spread. */
export interface SpreadInputs {
  /** Standardised moneyness ln(K/F)/(σ√T). */
  readonly z: number;
  readonly years: number;
  readonly intrinsic: number;
  readonly liquidity: LiquidityTier;
}

const BASE_WIDTH: Record<LiquidityTier, number> = { 1: 0.03, 2: 0.05, 3: 0.08 };
const INTRINSIC_WIDTH: Record<LiquidityTier, number> = { 1: 0.003, 2: 0.006, 3: 0.01 };
const EPSILON = 1e-9;

/** The quoting increment: a penny everywhere for the index ETFs (tier 1), else a penny below $3 and a nickel above. */
export function tickSize(price: number, liquidity: LiquidityTier): number {
  return liquidity === 1 || price < 3 ? 0.01 : 0.05;
}

/**
 * The quoted width around a model mid: it grows with distance from the money (quadratically in
 * standard deviations), with time to expiry and with intrinsic value, and stays within about half the
 * mid for cheap wings so that a far option is not quoted at many times its value.
 */
export function spreadWidth(mid: number, inputs: SpreadInputs): number {
  const z = Math.min(4, Math.abs(inputs.z));
  const width =
    BASE_WIDTH[inputs.liquidity] * (1 + 0.3 * z * z) * (1 + 1.5 * Math.sqrt(inputs.years)) +
    INTRINSIC_WIDTH[inputs.liquidity] * inputs.intrinsic;
  return Math.min(width, Math.max(0.02, 0.5 * mid + 0.01));
}

const cents = (x: number): number => Math.round(x * 100) / 100;

/** Bid and ask on the tick grid around the mid (bid never below 0, ask at least one tick), and a last inside them. */
export function quoteAround(mid: number, inputs: SpreadInputs): OptionQuote {
  const half = spreadWidth(mid, inputs) / 2;
  const rawBid = mid - half;
  const rawAsk = mid + half;
  const bidTick = tickSize(rawBid, inputs.liquidity);
  const askTick = tickSize(rawAsk, inputs.liquidity);
  const bid = Math.max(0, cents(Math.floor(rawBid / bidTick + EPSILON) * bidTick));
  const ask = Math.max(askTick, cents(Math.ceil(rawAsk / askTick - EPSILON) * askTick));
  return { bid, ask, last: Math.min(ask, Math.max(bid, cents(mid))) };
}
