import { MATCH_WINDOW, type PlacementIntent } from './schwab-placements.js';
import { enteredTime, isObject, isOptionOrder, replacingOrderId, toOrder, type Json, type OrderContext } from './schwab-wire.js';

/**
 * The order an unanswered intent became: of this account's orders entered in the intent's time window, one with
 * its legs, quantity and price that no other intent has claimed; for a replacement, the one the original names
 * in `replacingOrderCollection` first.
 */
export function findIntendedOrder(orders: readonly unknown[], intents: readonly PlacementIntent[], intent: PlacementIntent): Json | null {
  const claimed = new Set(intents.filter((i) => i.orderId !== null && i.clientOrderId !== intent.clientOrderId).map((i) => i.orderId));
  if (intent.replaces !== null) {
    const original = orders.find((o) => isObject(o) && String(o.orderId) === intent.replaces);
    const named = isObject(original) ? replacingOrderId(original) : null;
    const byName = named === null ? undefined : orders.find((o) => isObject(o) && String(o.orderId) === named);
    if (isObject(byName)) return byName;
  }
  const candidates = orders.filter((o): o is Json => {
    if (!isObject(o) || !isOptionOrder(o) || claimed.has(String(o.orderId))) return false;
    try {
      const order = toOrder(o, { clientOrderId: '', replaces: null, replacedBy: null });
      const at = enteredTime(o);
      return (
        at >= intent.sentAt - MATCH_WINDOW.beforeMs &&
        at <= intent.sentAt + MATCH_WINDOW.afterMs &&
        order.qty === intent.qty &&
        Math.abs(order.limitPrice - Math.round(intent.limitPrice * 100) / 100) < 1e-6 &&
        order.legs.length === intent.legs.length &&
        order.legs.every((leg, i) => leg.symbol === intent.legs[i]?.symbol && leg.intent === intent.legs[i].intent)
      );
    } catch {
      return false;
    }
  });
  // The earliest entered: a later twin would be a second order, which this never sends.
  return candidates.sort((a, b) => enteredTime(a) - enteredTime(b))[0] ?? null;
}

/** The client order id and replace chain an order carries in condor, from the intents. */
export function contextOf(order: Json, intents: readonly PlacementIntent[]): OrderContext {
  const id = String(order.orderId);
  const own = intents.find((i) => i.orderId === id);
  const successor = intents.find((i) => i.replaces === id && i.orderId !== null && i.state === 'placed');
  return { clientOrderId: own?.clientOrderId ?? '', replaces: own?.replaces ?? null, replacedBy: successor?.orderId ?? null };
}
