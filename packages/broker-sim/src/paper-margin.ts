import type { OptionType } from '@condor/core';

/** One option line for the margin rule: `qty` contracts, negative when short. */
export interface PayoffLeg {
  readonly type: OptionType;
  readonly strike: number;
  readonly qty: number;
}

const MULTIPLIER = 100;

const payoffAt = (legs: readonly PayoffLeg[], spot: number): number =>
  legs.reduce((sum, leg) => sum + leg.qty * Math.max(0, leg.type === 'call' ? spot - leg.strike : leg.strike - spot), 0);

/** Whether more calls are short than long, so the loss grows without bound as the underlying rises. */
export function hasUncoveredCalls(legs: readonly PayoffLeg[]): boolean {
  return legs.reduce((slope, leg) => slope + (leg.type === 'call' ? leg.qty : 0), 0) < 0;
}

/**
 * Dollars the legs of one underlying can lose at expiry, from intrinsic values alone: the worst payoff
 * at 0, at each strike and at twice the highest strike (which bounds an uncovered call). A short
 * vertical needs its width, a condor the wider of its two sides.
 * @example marginRequirement([{ type: 'put', strike: 95, qty: 1 }, { type: 'put', strike: 100, qty: -1 }]) // 500
 */
export function marginRequirement(legs: readonly PayoffLeg[]): number {
  if (legs.length === 0) return 0;
  const strikes = legs.map((leg) => leg.strike);
  const spots = [0, ...strikes, 2 * Math.max(...strikes)];
  const worst = Math.min(...spots.map((spot) => payoffAt(legs, spot)));
  return Math.max(0, -worst) * MULTIPLIER;
}
