import type { PayoffCurve, TicketView } from '@condor/core';
import type { InferOutput } from 'valibot';

/** The order ticket as proposal answers carry it (`ticket`), and as the ticket view reads it. */
export type TicketWire = InferOutput<typeof TicketView>;

/** The payoff at expiry as the ticket carries it. */
export type PayoffWire = NonNullable<TicketWire['payoff']>;

/**
 * The ticket's payoff back in core's shape, as apps/web's chart draws it: the one place the view maps the
 * answer's snake_case.
 *
 * @example renderPayoffChart(payoffCurve(ticket.payoff), `payoff-${proposalId}`)
 */
export const payoffCurve = (wire: PayoffWire): PayoffCurve => ({
  points: wire.points,
  breakevens: wire.breakevens,
  spot: wire.spot,
  maxProfit: wire.max_profit,
  maxLoss: wire.max_loss,
  worst:
    wire.worst === null
      ? null
      : {
          startPrice: wire.worst.start_price,
          worstPrice: wire.worst.worst_price,
          points: wire.worst.points,
          breakevens: wire.worst.breakevens,
          maxProfit: wire.worst.max_profit,
          maxLoss: wire.worst.max_loss,
        },
});

/** Whole seconds until the ticket may be approved (0 once it may), from its own fields: no clock needed. */
export function secondsUntilApprovable(ticket: TicketWire): number {
  const window = (Date.parse(ticket.expires_at) - Date.parse(ticket.approvable_at)) / 1000;
  return Number.isFinite(window) ? Math.max(0, Math.ceil(ticket.seconds_left - window)) : 0;
}
