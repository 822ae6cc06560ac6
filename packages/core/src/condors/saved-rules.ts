import type * as v from 'valibot';
import { appError, type AppError } from '../errors/app-error.js';
import type { JsonObject } from '../ports/json.js';
import type { FindIronCondorsInput } from './schemas.js';

type Input = v.InferOutput<typeof FindIronCondorsInput>;

/** How far around a saved rule's entry DTE and short delta the search looks for listed contracts. */
const DTE_SLACK = 7;
const DELTA_SLACK = 0.04;

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * The search a saved rule set stands for: expiries within a week of its entry DTE (inside its DTE
 * range), short deltas within 0.04 of its target, and its wing width. The caller's other criteria
 * (credit, liquidity, top_k, sort) apply as given.
 */
export function withSavedRules(input: Input, rules: JsonObject): Input {
  const entryDte = numberOr(rules['entry_dte'], (input.dte_min + input.dte_max) / 2);
  const shortDelta = numberOr(rules['short_delta'], (input.short_delta_min + input.short_delta_max) / 2);
  const dteMin = Math.max(numberOr(rules['dte_min'], 0), entryDte - DTE_SLACK);
  const dteMax = Math.min(numberOr(rules['dte_max'], 730), entryDte + DTE_SLACK);
  return {
    ...input,
    dte_min: Math.round(Math.min(dteMin, dteMax)),
    dte_max: Math.round(Math.max(dteMin, dteMax)),
    short_delta_min: Math.max(0.01, shortDelta - DELTA_SLACK),
    short_delta_max: Math.min(0.5, shortDelta + DELTA_SLACK),
    wing_widths: [numberOr(rules['wing_width'], input.wing_widths[0] ?? 5)],
  };
}

export const tickerConflict = (given: string, saved: string): AppError =>
  appError('VALIDATION_ERROR', {
    message: `The saved strategy is for ${saved}, but ticker ${given} was given.`,
    suggestion: `Leave ticker out to search ${saved} with the saved rules, or pass only ticker to search ${given}.`,
    expected: `ticker absent or ${saved}`,
    received: { ticker: given },
  });
