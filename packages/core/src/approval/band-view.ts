import * as v from 'valibot';
import { WALK_MODE_NAMES } from '../working-orders/walk-modes.js';
import type { BandEffect, TicketBand } from './ticket-types.js';

const EffectView = v.variant('kind', [
  v.object({
    kind: v.literal('entry'),
    price: v.number(),
    credit: v.pipe(v.number(), v.description('Dollars received for all contracts.')),
    max_profit: v.number(),
    max_loss: v.number(),
    breakevens: v.array(v.number()),
    return_on_risk: v.pipe(v.nullable(v.number()), v.description('max_profit over max_loss; null when nothing can be lost.')),
  }),
  v.object({
    kind: v.literal('exit'),
    price: v.number(),
    debit: v.pipe(v.number(), v.description('Dollars paid to close all contracts (negative: received).')),
    result: v.pipe(v.number(), v.description('entry_credit less debit: kept (+) or lost (−) from open to close.')),
    entry_credit: v.pipe(v.number(), v.description('Dollars the position was opened for.')),
  }),
]);

export const BandView = v.pipe(
  v.nullable(
    v.object({
      mode: v.picklist(WALK_MODE_NAMES),
      start_price: v.pipe(v.number(), v.description('Per share in condor’s sign (negative = a credit received): the first limit sent.')),
      worst_price: v.pipe(v.number(), v.description('Per share in condor’s sign: the last limit, never passed.')),
      steps: v.array(v.number()),
      step_seconds: v.number(),
      time_limit_seconds: v.number(),
      at_start: v.pipe(v.nullable(EffectView), v.description('What a fill at start_price means; null where the ticket cannot tell (a roll).')),
      at_worst: v.pipe(v.nullable(EffectView), v.description('What a fill at worst_price means.')),
      rows: v.pipe(
        v.array(v.object({ label: v.string(), at_start: v.string(), at_worst: v.string() })),
        v.description('at_start beside at_worst in words, line by line; empty for a one-price band.'),
      ),
      words: v.pipe(v.string(), v.description('The band and its effect at the worst price, as the person reads it before approving.')),
      walk_words: v.pipe(v.string(), v.description('How the order walks from start_price to worst_price, and when it is cancelled.')),
      approve_words: v.pipe(v.string(), v.description('What approving covers: every price of the band, nothing worse.')),
    }),
  ),
  v.description('The price band the person approves (design §15): the order is placed at start_price and, unfilled, moved a step at a time to worst_price, then cancelled after the time limit. Null for a proposal made before bands existed.'),
);

const effectView = (e: BandEffect): v.InferOutput<typeof EffectView> =>
  e.kind === 'entry'
    ? { kind: e.kind, price: e.price, credit: e.credit, max_profit: e.maxProfit, max_loss: e.maxLoss, breakevens: [...e.breakevens], return_on_risk: e.returnOnRisk }
    : { kind: e.kind, price: e.price, debit: e.debit, result: e.result, entry_credit: e.entryCredit };

export const bandView = (b: TicketBand): NonNullable<v.InferOutput<typeof BandView>> => ({
  mode: b.mode,
  start_price: b.startPrice,
  worst_price: b.worstPrice,
  steps: [...b.steps],
  step_seconds: b.stepSeconds,
  time_limit_seconds: b.timeLimitSeconds,
  at_start: b.atStart === null ? null : effectView(b.atStart),
  at_worst: b.atWorst === null ? null : effectView(b.atWorst),
  rows: b.rows.map((r) => ({ label: r.label, at_start: r.atStart, at_worst: r.atWorst })),
  words: b.words,
  walk_words: b.walkWords,
  approve_words: b.approveWords,
});
