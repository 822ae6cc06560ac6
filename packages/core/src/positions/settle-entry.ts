import type { BrokerOrder } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';

const ENDED: ReadonlySet<BrokerOrder['status']> = new Set(['canceled', 'rejected', 'expired']);

/**
 * What an 'opening' position became, given its entry order as the broker reports it now: 'open' once
 * filled (at the fill's credit and quantity), 'closed' when the order ended unfilled, 'open' with the
 * filled part when it ended part-filled. Null when nothing changed (still working, or not its entry).
 */
export function settleEntry(position: ManagedPosition, entry: BrokerOrder, now: number): ManagedPosition | null {
  if (position.status !== 'opening' || position.orderIds.length !== 1 || entry.id !== position.orderIds[0]) return null;
  const fillCredit = entry.filledAvgPrice === null ? position.entryCredit : -entry.filledAvgPrice;
  if (entry.status === 'filled') {
    return { ...position, status: 'open', entryCredit: fillCredit, qty: entry.filledQty > 0 ? entry.filledQty : position.qty };
  }
  if (!ENDED.has(entry.status)) return null;
  if (entry.filledQty > 0) return { ...position, status: 'open', entryCredit: fillCredit, qty: entry.filledQty };
  return { ...position, status: 'closed', closedAt: now };
}
