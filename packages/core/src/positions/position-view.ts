import * as v from 'valibot';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { WorkingOrderView, workingOrderView } from '../working-orders/working-order-view.js';
import { isoTime } from '../words/time.js';
import { daysToExpiry } from '../calendar/exchange-calendar.js';
import { ApprovalView, approvalView } from './approval-view.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { MarkedPosition } from './mark-positions.js';
import { AlertView, alertView } from './alert-view.js';
import { guardianAlerts } from './expiry-guardian.js';

const LegView = v.object({
  symbol: v.pipe(v.string(), v.description('OCC option symbol.')),
  type: v.picklist(['put', 'call']),
  strike: v.number(),
  side: v.picklist(['long', 'short']),
  current_price: v.pipe(v.nullable(v.number()), v.description('Per share; null when neither the broker nor the market has a price.')),
  price_source: v.pipe(
    v.nullable(v.picklist(['broker', 'chain'])),
    v.description("broker: the broker position's current price; chain: the option chain's mid."),
  ),
});

export const PositionView = v.object({
  position_id: v.string(),
  ticker: v.string(),
  expiry: v.string(),
  dte: v.pipe(v.nullable(v.number()), v.description('Calendar days to expiry in exchange time (0 on expiry day).')),
  status: v.pipe(
    v.picklist(['opening', 'open', 'closing', 'closed']),
    v.description('opening: the entry order is still working; closing: an exit order is working.'),
  ),
  qty: v.pipe(v.number(), v.description('Condors (contracts of each leg).')),
  entry_credit: v.pipe(v.number(), v.description('Net credit per share received at entry (the limit until filled).')),
  current_value: v.pipe(v.nullable(v.number()), v.description('Debit per share to close the condor now; null when closed or unpriced.')),
  unrealized_pl: v.pipe(v.nullable(v.number()), v.description('Dollars: (entry_credit − current_value) · 100 · qty; null until filled or when unpriced.')),
  legs: v.array(LegView),
  opened_at: v.string(),
  closed_at: v.nullable(v.string()),
  order_ids: v.pipe(v.array(v.string()), v.description('Broker orders that acted on it, oldest first (entry, rolls, exit).')),
  alerts: v.pipe(
    v.array(AlertView),
    v.description('The expiry-day guardian: expiry (close the whole condor before the broker acts on expiry day) and legs_changed (the broker no longer holds every leg).'),
  ),
  approvals: v.pipe(
    v.array(v.object({ proposal_id: v.string(), kind: v.picklist(['entry', 'roll', 'exit']), order_id: v.nullable(v.string()), approval: ApprovalView })),
    v.description('How each order of the position was approved and by whom, oldest first.'),
  ),
  working_order: v.pipe(v.nullable(WorkingOrderView), v.description('The order condor is working for it inside an approved band: current limit, steps so far, band and time left.')),
});

export type PositionViewOutput = v.InferOutput<typeof PositionView>;

export function positionView({ position, marks, held }: MarkedPosition, now: number, proposals: readonly Proposal[] = [], walk: WorkingOrder | null = null): PositionViewOutput {
  const priced = marks?.legs ?? [];
  return {
    position_id: position.id,
    ticker: position.ticker,
    expiry: position.expiry,
    dte: daysToExpiry(position.expiry, now) ?? null,
    status: position.status,
    qty: position.qty,
    entry_credit: position.entryCredit,
    current_value: marks?.value ?? null,
    unrealized_pl: position.status === 'opening' ? null : (marks?.unrealizedPl ?? null),
    legs: position.legs.map((leg, i) => ({
      symbol: leg.symbol,
      type: leg.type,
      strike: leg.strike,
      side: leg.side,
      current_price: priced[i]?.price ?? null,
      price_source: priced[i]?.source ?? null,
    })),
    opened_at: isoTime(position.openedAt),
    closed_at: position.closedAt === null ? null : isoTime(position.closedAt),
    order_ids: [...position.orderIds],
    alerts: guardianAlerts(position, held, now).map(alertView),
    approvals: proposals.flatMap((p) =>
      p.approval === null ? [] : [{ proposal_id: p.id, kind: p.kind, order_id: p.outcome?.status === 'submitted' ? p.outcome.orderId : null, approval: approvalView(p.approval) }],
    ),
    working_order: walk === null ? null : workingOrderView(walk, now),
  };
}
