import type { ExitReason, RuleSet } from '../types.js';
import type { TradeShape } from './trade-shape.js';

/** Where and at what debit a trade is closed. */
export interface TradeExit {
  /** Session index of the exit close. */
  readonly index: number;
  /** Natural debit paid, or the intrinsic value at expiry, per share. */
  readonly debit: number;
  readonly reason: ExitReason;
}

/** `exitStep`'s answer for a trade held to expiry. */
export const HELD = -1;

/** The rule that fires at position k of the trade's debits, in priority order; null when none does. */
function firingRule(shape: TradeShape, rules: RuleSet, days: readonly number[], k: number): ExitReason | null {
  const { credit, debits, entry, expiryIndex } = shape;
  const { profitTakePct, stopLossMultiple, managementDte } = rules;
  const debit = debits[k] ?? 0;
  if (profitTakePct !== null && credit - debit >= profitTakePct * credit) return 'profit_take';
  if (stopLossMultiple !== null && debit - credit >= stopLossMultiple * credit) return 'stop_loss';
  if (managementDte !== null && (days[expiryIndex] ?? Number.NaN) - (days[entry.index + k] ?? Number.NaN) <= managementDte) return 'management_dte';
  return null;
}

/**
 * Where `exitOf` closes the trade, as a number: the position k in its debits (session entry.index + k) of the
 * first close at which a rule fires, or `HELD`. The optimizer asks it for every trade of every rule set, so no object.
 */
export function exitStep(shape: TradeShape, rules: RuleSet, days: readonly number[]): number {
  const { credit, debits, entry, expiryIndex } = shape;
  const { profitTakePct, stopLossMultiple, managementDte } = rules;
  if (profitTakePct === null && stopLossMultiple === null && managementDte === null) return HELD;
  const expiryDay = days[expiryIndex] ?? Number.NaN;
  for (let k = 1; k < debits.length; k++) {
    const debit = debits[k] ?? 0;
    if (profitTakePct !== null && credit - debit >= profitTakePct * credit) return k;
    if (stopLossMultiple !== null && debit - credit >= stopLossMultiple * credit) return k;
    if (managementDte !== null && expiryDay - (days[entry.index + k] ?? Number.NaN) <= managementDte) return k;
  }
  return HELD;
}

/** The session index of the exit at `step`. */
export const exitIndex = (shape: TradeShape, step: number): number => (step === HELD ? shape.expiryIndex : shape.entry.index + step);

/** The debit paid at the exit at `step`: the natural debit there, or the intrinsic value at expiry. */
export const exitDebit = (shape: TradeShape, step: number): number => (step === HELD ? shape.settlement : (shape.debits[step] ?? 0));

/**
 * The first close after entry and before expiry where a rule fires — profit ≥ profitTakePct·credit,
 * loss ≥ stopLossMultiple·credit, or calendar days to expiry ≤ managementDte, in that priority when
 * several fire on one day — at that close's natural debit; otherwise the expiry close at intrinsic value.
 */
export function exitOf(shape: TradeShape, rules: RuleSet, days: readonly number[]): TradeExit {
  return exitAt(shape, rules, days, exitStep(shape, rules, days));
}

/** The exit at `exitStep`'s answer `step`, with the rule that fired there. */
export function exitAt(shape: TradeShape, rules: RuleSet, days: readonly number[], step: number): TradeExit {
  const reason = step === HELD ? 'expiry' : (firingRule(shape, rules, days, step) ?? 'expiry');
  return { index: exitIndex(shape, step), debit: exitDebit(shape, step), reason };
}
