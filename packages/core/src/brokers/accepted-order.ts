import type { BrokerOrder, MultiLegOrder } from '../ports/broker.js';

/**
 * The record a broker keeps of an order it has just taken: accepted, nothing filled, the legs as sent.
 *
 * @example
 * acceptedOrder(order, 'o-1', now) // { id: 'o-1', status: 'accepted', filledQty: 0, filledAvgPrice: null, … }
 */
export function acceptedOrder(order: MultiLegOrder, id: string, submittedAt: number): BrokerOrder {
  return {
    id,
    clientOrderId: order.clientOrderId,
    status: 'accepted',
    qty: order.qty,
    filledQty: 0,
    limitPrice: order.limitPrice,
    filledAvgPrice: null,
    submittedAt,
    legs: order.legs.map(({ symbol, side, intent }) => ({ symbol, side, intent })),
  };
}
