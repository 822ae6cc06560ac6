import type { BrokerError, MultiLegOrder } from '@condor/core';
import { err, ok, type Result } from 'neverthrow';
import { orderRequest, WireError, type Json } from './schwab-wire.js';

const MAX_LEGS = 4;

/** The body Schwab takes for an order (placement, preview or replacement), or why condor will not send it. */
export function orderBody(order: MultiLegOrder): Result<Json, BrokerError> {
  const refuse = (message: string): Result<never, BrokerError> => err({ kind: 'rejected', message });
  if (order.legs.length === 0 || order.legs.length > MAX_LEGS) return refuse(`a multi-leg order has 1 to ${String(MAX_LEGS)} legs, not ${String(order.legs.length)}`);
  if (!Number.isInteger(order.qty) || order.qty < 1) return refuse(`qty must be a whole number of units, not ${String(order.qty)}`);
  if (order.limitPrice === 0) return refuse('Schwab takes a net credit or a net debit, not a price of zero');
  if (new Set(order.legs.map((leg) => leg.symbol)).size !== order.legs.length) return refuse('each leg of an order must be a different contract');
  try {
    return ok(orderRequest(order));
  } catch (cause) {
    if (cause instanceof WireError) return refuse(cause.message);
    throw cause;
  }
}
