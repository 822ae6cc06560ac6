import type { BrokerOrder } from '../ports/broker.js';

/** Why a partly filled order is not replaced (design §15: its rest rests at its limit until the time limit instead); null for any other order. */
export function partFillRefusal(order: BrokerOrder): string | null {
  return order.status === 'partially_filled' ? `${String(order.filledQty)} of ${String(order.qty)} units of the order have filled; a partly filled order is not replaced` : null;
}

/**
 * Why a broker refuses to replace `order`, by the port's rule, for the brokers condor simulates: a partly filled
 * order, or one not plainly working with nothing filled; null when it may be replaced. The real brokers' adapters
 * check the part fill (`partFillRefusal`) and leave the rest to the broker's own refusal.
 */
export function replaceRefusal(order: BrokerOrder): string | null {
  const partly = partFillRefusal(order);
  if (partly !== null) return partly;
  return order.status === 'accepted' && order.filledQty === 0 ? null : `the order is ${order.status}; only a working order with nothing filled is replaced`;
}
