import * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { BrokerOrder } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Proposal, ProposalKind } from '../ports/proposal-store.js';
import type { Services } from '../services.js';
import { proposalIdOf } from './proposal-orders.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { WorkingOrderView, workingOrderView } from '../working-orders/working-order-view.js';

export const OrderView = v.object({
  order_id: v.pipe(v.string(), v.description("The broker's order id: pass it as order_id to cancel.")),
  client_order_id: v.string(),
  status: v.string(),
  qty: v.number(),
  filled_qty: v.number(),
  limit_price: v.pipe(v.number(), v.description('Per share; negative = a credit received, positive = a debit paid.')),
  filled_avg_price: v.nullable(v.number()),
  submitted_at: v.string(),
  legs: v.array(v.object({ symbol: v.string(), side: v.picklist(['buy', 'sell']), intent: v.string() })),
  service_placed: v.pipe(v.boolean(), v.description('Placed by confirm_proposal; only these can be cancelled here.')),
  proposal_id: v.nullable(v.string()),
  kind: v.pipe(v.nullable(v.picklist(['entry', 'roll', 'exit'])), v.description('What the proposal behind it did.')),
  position_id: v.pipe(v.nullable(v.string()), v.description('The managed position it opened or acted on.')),
  working_order: v.pipe(v.nullable(WorkingOrderView), v.description('The walk this order is a step of, when condor works it inside an approved band.')),
});

export type OrderViewOutput = v.InferOutput<typeof OrderView>;

/** How an order relates to the service: the caller's proposal it came from and the managed position it touched. */
export interface OrderOrigin {
  readonly proposal: Proposal | null;
  readonly position: ManagedPosition | null;
  /** The walk of the proposal, when its order is worked inside a band (read by the caller, once for a whole list). */
  readonly walk?: WorkingOrder | null;
}

export const servicePlaced = (origin: OrderOrigin): boolean => origin.proposal !== null || origin.position !== null;

/**
 * Where an order came from. The service places every order with `client_order_id` = the proposal id
 * (step 2 of a two-step roll: `<proposal id>-2`), so an order is the service's when that id is one of the
 * caller's proposals, or when a managed position of the caller records its order id.
 */
export async function originOf(
  order: Pick<BrokerOrder, 'id' | 'clientOrderId'>,
  positions: readonly ManagedPosition[],
  ownerId: string,
  services: Services,
): Promise<OrderOrigin> {
  const proposalId = proposalIdOf(order.clientOrderId);
  const proposal = proposalId === null ? undefined : await services.proposals.get(ownerId, proposalId);
  const position =
    positions.find((p) => p.orderIds.includes(order.id)) ?? (proposal === undefined ? undefined : positions.find((p) => p.id === proposal.positionId));
  return { proposal: proposal ?? null, position: position ?? null };
}

export function orderView(order: BrokerOrder, origin: OrderOrigin, now: number): OrderViewOutput {
  const kind: ProposalKind | null = origin.proposal?.kind ?? null;
  return {
    order_id: order.id,
    client_order_id: order.clientOrderId,
    status: order.status,
    qty: order.qty,
    filled_qty: order.filledQty,
    limit_price: order.limitPrice,
    filled_avg_price: order.filledAvgPrice,
    submitted_at: isoTime(order.submittedAt),
    legs: order.legs.map((leg) => ({ symbol: leg.symbol, side: leg.side, intent: leg.intent })),
    service_placed: servicePlaced(origin),
    proposal_id: origin.proposal?.id ?? null,
    kind,
    position_id: origin.position?.id ?? origin.proposal?.positionId ?? null,
    working_order: origin.walk == null ? null : workingOrderView(origin.walk, now),
  };
}
