/** How fast a working order walks its band (the modes and their timings: `WALK_MODES` in working-orders/walk-modes.ts). */
export type WalkMode = 'patient' | 'normal' | 'fast' | 'single';

/**
 * A working order's approved price band and how it walks it (design §15). Prices are per share in condor's sign
 * (negative = a credit received), so a worse price for the trader is always a higher number: every step lies in
 * `startPrice ≤ price ≤ worstPrice`, and `worstPrice` is never past the natural price.
 */
export interface PricingPlan {
  readonly mode: WalkMode;
  readonly startPrice: number;
  readonly worstPrice: number;
  /** Every limit the walk may send, in order: the start first, the worst last, each a cent apart at least. */
  readonly steps: readonly number[];
  readonly dwellMs: number;
  /** From the first limit standing to the cancel: every step's dwell and the worst price's final rest. */
  readonly timeLimitMs: number;
}
