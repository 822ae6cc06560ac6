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

/**
 * The first close after entry and before expiry where a rule fires — profit ≥ profitTakePct·credit,
 * loss ≥ stopLossMultiple·credit, or calendar days to expiry ≤ managementDte, in that priority when
 * several fire on one day — at that close's natural debit; otherwise the expiry close at intrinsic value.
 */
export function exitOf(shape: TradeShape, rules: RuleSet, days: readonly number[]): TradeExit {
  const { credit, debits, entry, expiryIndex } = shape;
  const { profitTakePct, stopLossMultiple, managementDte } = rules;
  const expiryDay = days[expiryIndex] ?? Number.NaN;
  const managed = profitTakePct !== null || stopLossMultiple !== null || managementDte !== null;
  for (let k = 1; managed && k < debits.length; k++) {
    const debit = debits[k] ?? 0;
    const index = entry.index + k;
    if (profitTakePct !== null && credit - debit >= profitTakePct * credit) return { index, debit, reason: 'profit_take' };
    if (stopLossMultiple !== null && debit - credit >= stopLossMultiple * credit) return { index, debit, reason: 'stop_loss' };
    if (managementDte !== null && expiryDay - (days[index] ?? Number.NaN) <= managementDte) return { index, debit, reason: 'management_dte' };
  }
  return { index: expiryIndex, debit: shape.settlement, reason: 'expiry' };
}
