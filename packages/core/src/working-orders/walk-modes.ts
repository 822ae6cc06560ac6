import type { WalkMode } from '../ports/pricing-plan.js';

/**
 * How fast a working order walks from its start price to its worst price (design §15), after Option Alpha's
 * SmartPricing presets: `prices` limits in all, each resting `dwellMs` before the next replaces it; the last (the
 * worst price) rests `finalRestMs` more, then the order is cancelled. `single` never walks: one limit, resting as
 * long as the others' whole walk.
 */
export const WALK_MODES = {
  patient: { prices: 5, dwellMs: 20_000 },
  normal: { prices: 4, dwellMs: 10_000 },
  fast: { prices: 3, dwellMs: 5_000 },
  single: { prices: 1, dwellMs: 0 },
} as const satisfies Record<WalkMode, { readonly prices: number; readonly dwellMs: number }>;

export type { WalkMode } from '../ports/pricing-plan.js';
export const WALK_MODE_NAMES = Object.keys(WALK_MODES) as WalkMode[];

/** How long the worst price rests before the order is cancelled, as SmartPricing's final price does. */
export const FINAL_REST_MS = 120_000;

/** The default worst price, this far from the net mid toward the natural price (never past the natural). */
export const DEFAULT_WORST_FROM_MID = 0.05;
