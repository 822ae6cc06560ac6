import type { ProposalKind } from '../ports/proposal-store.js';
import type { PricingPlan } from '../working-orders/pricing-plan.js';
import { roundCents } from '../words/money.js';
import { approveWords, bandRows, bandSentence, walkWords, type BandFigures } from './band-words.js';
import type { BandEffect, PayoffCurve, TicketBand } from './ticket-types.js';

/** What the band's effect is worked out from. */
export interface BandInputs {
  readonly kind: ProposalKind;
  readonly plan: PricingPlan;
  readonly qty: number;
  /** The payoff the ticket draws, with its worst-price curve (`bandPayoff`). */
  readonly payoff: PayoffCurve | null;
  /** Per share: the credit the position was opened for, which an exit's result is counted against. */
  readonly entryCredit: number | null;
  /** The band prices the first of a roll's two orders. */
  readonly firstOfTwo: boolean;
}

/**
 * The band a proposal's pricing plan asks the person to approve (design §15), with what a fill at its start and at
 * its worst price means — an entry's credit, max loss, breakevens and return on risk; an exit's debit and its result
 * against the entry credit — and the same in words.
 *
 * @example ticketBand({ kind: 'entry', plan, qty: 1, payoff: bandPayoff(held, plan), entryCredit: null, firstOfTwo: false }).words
 * // 'You approve a credit of $1.25 down to $1.20 per share: at $1.20 the max loss is $380.00, breakevens 543.80 and 601.20, return on risk 31.6%.'
 */
export function ticketBand(inputs: BandInputs): TicketBand {
  const { plan } = inputs;
  const figures: BandFigures = {
    mode: plan.mode,
    startPrice: plan.startPrice,
    worstPrice: plan.worstPrice,
    steps: plan.steps,
    stepSeconds: plan.dwellMs / 1000,
    timeLimitSeconds: plan.timeLimitMs / 1000,
    atStart: effectAt(inputs, 'start'),
    atWorst: effectAt(inputs, 'worst'),
  };
  return { ...figures, rows: bandRows(figures), words: bandSentence(figures, inputs.firstOfTwo), walkWords: walkWords(figures), approveWords: approveWords(figures) };
}

function effectAt({ kind, plan, qty, payoff, entryCredit }: BandInputs, end: 'start' | 'worst'): BandEffect | null {
  const price = end === 'start' ? plan.startPrice : plan.worstPrice;
  const dollars = (perShare: number): number => roundCents(perShare * 100 * qty);
  if (kind === 'exit') return entryCredit === null ? null : { kind, price, debit: dollars(price), result: dollars(entryCredit - price), entryCredit: dollars(entryCredit) };
  if (kind !== 'entry' || payoff === null) return null;
  // The ticket's own payoff is the start price's; the worst price's sits beside it unless the band has one price.
  const curve = end === 'start' || plan.worstPrice === plan.startPrice ? payoff : payoff.worst;
  if (curve === null) return null;
  const { maxProfit, maxLoss, breakevens } = curve;
  return { kind, price, credit: dollars(-price), maxProfit, maxLoss, breakevens, returnOnRisk: maxLoss > 0 ? maxProfit / maxLoss : null };
}
