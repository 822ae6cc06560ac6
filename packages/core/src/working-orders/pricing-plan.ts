import type { PricingPlan, WalkMode } from '../ports/pricing-plan.js';
import { FINAL_REST_MS, WALK_MODES } from './walk-modes.js';

export type { PricingPlan } from '../ports/pricing-plan.js';

/** The market the band is set against, per share in condor's sign: the legs' net mid and net natural price. */
export interface BandMarket {
  readonly mid: number;
  readonly natural: number;
}

/** What the caller asked for; each absent figure takes its default. */
export interface PlanRequest {
  readonly mode: WalkMode;
  readonly startPrice?: number | undefined;
  /** `natural`: the natural price of `market` (rounded to the cent toward the trader), the band's farthest reach. */
  readonly worstPrice?: number | 'natural' | undefined;
  /** The default worst price's distance from the mid toward the natural (a per-user default, or the house's). */
  readonly worstFromMid: number;
}

/** Why a requested band cannot be approved. */
export type PlanProblem =
  | { readonly kind: 'worst_past_natural'; readonly worstPrice: number; readonly natural: number }
  | { readonly kind: 'start_past_worst'; readonly startPrice: number; readonly worstPrice: number };

const EPSILON = 1e-9;
const cents = (price: number): number => Math.round(price * 100) / 100;
/** Toward the trader's side: a lower signed price. */
const centsBetter = (price: number): number => Math.floor(price * 100 + EPSILON) / 100;

/**
 * The plan for a band: the start defaults to the mid (rounded a cent toward the trader), the worst to
 * `worstFromMid` toward the natural price, never past it (rounded toward the trader); a worst of `natural` is the
 * natural price itself. Steps are spread evenly from start to worst, each rounded toward the trader, so no step is
 * ever outside the band.
 *
 * @example
 * pricingPlan({ mid: -1.25, natural: -1.05 }, { mode: 'normal', worstFromMid: 0.05 })
 * // Ok: steps [-1.25, -1.24, -1.22, -1.2], a credit of 1.25 walking to 1.20 in 10 s steps, cancelled 2.5 min in
 */
export function pricingPlan(market: BandMarket, request: PlanRequest): { ok: true; plan: PricingPlan } | { ok: false; problem: PlanProblem } {
  const natural = cents(market.natural);
  const startPrice = request.startPrice ?? centsBetter(market.mid);
  const reach = request.worstPrice === 'natural' ? market.natural : Math.min(natural, market.mid + request.worstFromMid);
  const worstPrice = typeof request.worstPrice === 'number' ? request.worstPrice : Math.max(startPrice, centsBetter(reach));
  if (worstPrice > natural + EPSILON) return { ok: false, problem: { kind: 'worst_past_natural', worstPrice, natural } };
  if (startPrice > worstPrice + EPSILON) return { ok: false, problem: { kind: 'start_past_worst', startPrice, worstPrice } };
  const mode = WALK_MODES[request.mode];
  const steps = stepsOf(startPrice, worstPrice, mode.prices);
  return {
    ok: true,
    plan: { mode: request.mode, startPrice, worstPrice, steps, dwellMs: mode.dwellMs, timeLimitMs: (steps.length - 1) * mode.dwellMs + FINAL_REST_MS },
  };
}

/** `count` limits from start to worst, evenly spread and rounded toward the trader, duplicates dropped. */
export function stepsOf(startPrice: number, worstPrice: number, count: number): number[] {
  if (count <= 1 || worstPrice - startPrice < 0.01 - EPSILON) return [startPrice];
  const steps: number[] = [];
  for (let i = 0; i < count; i++) {
    const price = i === count - 1 ? worstPrice : Math.min(worstPrice, Math.max(startPrice, centsBetter(startPrice + ((worstPrice - startPrice) * i) / (count - 1))));
    if (steps.length === 0 || price > (steps.at(-1) ?? price) + EPSILON) steps.push(price);
  }
  return steps;
}

/** Whether `price` lies in the plan's approved band (the check every sent limit passes). */
export const inBand = (plan: Pick<PricingPlan, 'startPrice' | 'worstPrice'>, price: number): boolean =>
  price >= plan.startPrice - EPSILON && price <= plan.worstPrice + EPSILON;

/** The plan of an order placed at one price and left to rest, as long as a walk would last. */
export const singlePricePlan = (price: number): PricingPlan => ({ mode: 'single', startPrice: price, worstPrice: price, steps: [price], dwellMs: 0, timeLimitMs: FINAL_REST_MS });
