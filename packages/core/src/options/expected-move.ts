/** The inputs of a one-standard-deviation move. */
export interface ExpectedMoveInput {
  readonly spot: number;
  readonly volatility: number;
  readonly years: number;
}

/**
 * The one-standard-deviation move by expiry in price terms, S·σ·√T (options-math §2.6); about
 * 1.25 × the at-the-money straddle, and a 16-delta short sits about this far out.
 *
 * @example expectedMove({ spot: 100, volatility: 0.2, years: 45 / 365 }) // 7.02
 */
export function expectedMove(input: ExpectedMoveInput): number {
  return input.spot * input.volatility * Math.sqrt(Math.max(0, input.years));
}
