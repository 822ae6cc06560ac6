import type { Json, JsonObject } from '../ports/json.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { PricingPlan } from './pricing-plan.js';
import { WALK_MODES, type WalkMode } from './walk-modes.js';

/** The plan as a proposal keeps it (`details.pricing`) and its answers show it. */
export const pricingDetails = (plan: PricingPlan): JsonObject => ({
  mode: plan.mode,
  start_price: plan.startPrice,
  worst_price: plan.worstPrice,
  steps: [...plan.steps],
  step_seconds: plan.dwellMs / 1000,
  time_limit_seconds: plan.timeLimitMs / 1000,
});

const numberIn = (value: Json | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The approved band a proposal carries; null for a proposal made before bands existed, or details that hold none. */
export function pricingOf(proposal: Pick<Proposal, 'details'>): PricingPlan | null {
  const value = proposal.details['pricing'];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const pricing = value as JsonObject;
  const mode = pricing['mode'];
  const startPrice = numberIn(pricing['start_price']);
  const worstPrice = numberIn(pricing['worst_price']);
  const stepSeconds = numberIn(pricing['step_seconds']);
  const limitSeconds = numberIn(pricing['time_limit_seconds']);
  const listed = pricing['steps'];
  const steps = Array.isArray(listed) ? (listed as readonly Json[]).map((step) => numberIn(step)) : [];
  if (typeof mode !== 'string' || !(mode in WALK_MODES) || startPrice === null || worstPrice === null || stepSeconds === null || limitSeconds === null) return null;
  if (steps.length === 0 || steps.some((step) => step === null)) return null;
  return { mode: mode as WalkMode, startPrice, worstPrice, steps: steps as number[], dwellMs: stepSeconds * 1000, timeLimitMs: limitSeconds * 1000 };
}
