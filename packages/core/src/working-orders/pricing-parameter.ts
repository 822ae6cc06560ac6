import * as v from 'valibot';
import { err, ok, type Result } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { PricingDefaults } from '../ports/user-settings-store.js';
import { money } from '../words/money.js';
import { pricingPlan, type PricingPlan } from './pricing-plan.js';
import { DEFAULT_WORST_FROM_MID, WALK_MODE_NAMES, WALK_MODES, type WalkMode } from './walk-modes.js';

const isCents = (price: number): boolean => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;
const signedCents = (what: string) =>
  v.pipe(
    v.number(),
    v.minValue(-10_000),
    v.maxValue(10_000),
    v.check(isCents, `${what} is dollars per share in whole cents, e.g. -1.25.`),
    v.description(`${what}: dollars per share in condor's sign, as limit_price (negative = a credit received, positive = a debit paid).`),
  );

const MODES_WORDS = WALK_MODE_NAMES.map((mode) => {
  const { prices, dwellMs } = WALK_MODES[mode];
  return prices === 1 ? `${mode} (one price)` : `${mode} (${String(prices)} prices, ${String(dwellMs / 1000)} s each)`;
}).join(', ');

/** The `pricing` argument of every propose tool: the band the person will approve, and how fast it is walked. */
export const PricingParameter = v.optional(
  v.pipe(
    v.strictObject({
      mode: v.optional(v.pipe(v.picklist(WALK_MODE_NAMES), v.description(`How the order walks from start_price to worst_price: ${MODES_WORDS}. Default normal.`))),
      start_price: v.optional(signedCents('start_price')),
      worst_price: v.optional(
        v.union([
          signedCents('worst_price'),
          v.pipe(v.literal('natural'), v.description('"natural": the natural price (every leg\'s spread crossed) as the proposal is made, where an order fills soonest.')),
        ]),
      ),
    }),
    v.description(
      'The price band the person approves (design §15): the order is placed at start_price (default the mid, rounded to the cent toward the natural price) and, unfilled, ' +
        `replaced one step at a time toward worst_price (default: the person's own default band, else ${money(DEFAULT_WORST_FROM_MID)} from the mid; "natural": the natural price; never past the natural price); ` +
        'unfilled at worst_price after the time limit, it is cancelled. Nothing is ever sent outside the band.',
    ),
  ),
);

export type PricingInput = v.InferOutput<typeof PricingParameter>;

/** The market a proposal's band is set against, per share in condor's sign, and the start its tool would use. */
export interface ProposalBandMarket {
  readonly mid: number;
  readonly natural: number;
  /** The tool's own limit (the mid rounded toward the natural, or the caller's limit_price). */
  readonly start: number;
  /** A caller's limit_price fixes one price unless a pricing object asks for a walk. */
  readonly fixed: boolean;
  /** The worst price the default band may reach (a rule of the tool's, e.g. the smallest credit it admits). */
  readonly defaultCap?: number;
}

/**
 * The proposal's plan — what the caller asked for, else the person's own defaults, else the house's — or
 * ENTRY_REJECTED saying why the band asked for cannot be approved.
 */
export function planForProposal(requested: PricingInput, market: ProposalBandMarket, defaults: PricingDefaults, what: string): Result<PricingPlan, AppError> {
  const mode: WalkMode = requested?.mode ?? (market.fixed ? 'single' : (defaults.mode ?? 'normal'));
  const startPrice = requested?.start_price ?? market.start;
  const natural = Math.max(market.natural, startPrice);
  const worstPrice = requested?.worst_price ?? (mode === 'single' ? startPrice : undefined);
  const reach = Math.min(defaults.worstFromMid ?? DEFAULT_WORST_FROM_MID, (market.defaultCap ?? Number.POSITIVE_INFINITY) - market.mid);
  const planned = pricingPlan({ mid: market.mid, natural }, { mode, startPrice, worstPrice, worstFromMid: Math.max(reach, startPrice - market.mid) });
  if (planned.ok) return ok(planned.plan);
  const { problem } = planned;
  const price = money;
  const finding =
    problem.kind === 'worst_past_natural'
      ? {
          sentence: `worst_price ${price(problem.worstPrice)} is past the natural price ${price(problem.natural)}: a band ends at the natural price at the latest.`,
          limit: `worst_price at most the natural price, ${price(problem.natural)}`,
          found: { worst_price: problem.worstPrice, natural_price: problem.natural },
        }
      : {
          sentence: `start_price ${price(problem.startPrice)} is worse than worst_price ${price(problem.worstPrice)}: a band starts at its better end.`,
          limit: 'start_price at or better than worst_price (lower in condor’s sign)',
          found: { start_price: problem.startPrice, worst_price: problem.worstPrice },
        };
  // The risk gate's wording for one finding under `pricing` (proposals' gateRejected, which this folder sits below).
  return err(appError('ENTRY_REJECTED', { message: `${what}. ${finding.sentence}`, expected: `pricing: ${finding.limit}`, received: { pricing: finding.found } }));
}
