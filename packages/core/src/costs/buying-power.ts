import { SHARES_PER_CONTRACT } from './fee-table.js';

export interface CondorStrikes {
  readonly longPut: number;
  readonly shortPut: number;
  readonly shortCall: number;
  readonly longCall: number;
}

/** The wider of the two wings, dollars per share. */
export const widerWing = (s: CondorStrikes): number => Math.max(s.shortPut - s.longPut, s.longCall - s.shortCall);

/**
 * The buying power `qty` short iron condors take at a broker (Reg-T for a defined-risk spread): the wider wing's
 * width × 100 × qty, less the credit received — the most the position can lose at expiry. Dollars, to the cent.
 */
export function buyingPowerReduction(strikes: CondorStrikes, creditPerShare: number, qty: number): number {
  return Math.round((widerWing(strikes) - creditPerShare) * SHARES_PER_CONTRACT * qty * 100) / 100;
}

/** What the position earns at most against the buying power it takes (0 when it takes none). */
export function returnOnBuyingPower(maxProfit: number, reduction: number): number {
  return reduction > 0 ? maxProfit / reduction : 0;
}
