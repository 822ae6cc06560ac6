import type { BrokerOrder, OrderLeg, OrderStatus } from '../ports/broker.js';
import type { ManagedPosition, PositionLeg, PositionStatus } from '../ports/position-store.js';
import type { ProposalKind } from '../ports/proposal-store.js';

/** Orders that ended; unfilled, they changed nothing at the broker. */
const ENDED = new Set<OrderStatus>(['canceled', 'rejected', 'expired']);

const OCC = /^([A-Z0-9.]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** The contract a compact OCC symbol names, as a leg held `side`; undefined when it is not one. */
export function legOfSymbol(symbol: string, side: PositionLeg['side']): PositionLeg | undefined {
  const match = OCC.exec(symbol);
  if (!match) return undefined;
  const [, , yy = '', mm = '', dd = '', cp = '', strike = ''] = match;
  return { symbol, type: cp === 'C' ? 'call' : 'put', strike: Number(strike) / 1000, expiry: `20${yy}-${mm}-${dd}`, side };
}

const closes = (leg: OrderLeg): boolean => leg.intent === 'buy_to_close' || leg.intent === 'sell_to_close';

/**
 * What an exit's or a roll's order does to the position: 'close' when it closes every leg and opens none (an
 * exit, step 1 of a two-step roll), else 'replace' (a one-order roll, or step 2 opening a closed position anew).
 */
function effectOf(position: ManagedPosition, order: BrokerOrder): 'close' | 'replace' {
  const closed = new Set(order.legs.filter(closes).map((leg) => leg.symbol));
  return order.legs.every(closes) && position.legs.every((leg) => closed.has(leg.symbol)) ? 'close' : 'replace';
}

/** The status while the order works. */
const workingStatus = (effect: 'close' | 'replace'): PositionStatus => (effect === 'close' ? 'closing' : 'opening');

/**
 * The managed position once `order` (of an exit or roll proposal of `kind`) is as the broker reports it: the same
 * position object when nothing changes, so a repeat is a no-op.
 *
 * The first report appends the order id; while the order works the position is 'closing' (a close) or 'opening'
 * (a roll). Its legs change only when it fills: a close marks it 'closed' at `now`, keeping the legs it had; a
 * roll replaces the legs it closes by those it opens (all of them when the position was closed), the expiry
 * becoming the nearest leg's, and 'open'. A roll's fill price moves `entryCredit` (a credit adds, a debit
 * subtracts); an exit's does not. A later report of the same order — still the newest on the position — settles
 * a working one: filled as above, or ended unfilled back to the status before it. A close that ended after closing
 * some whole condors leaves the position open with the rest; a roll that ended part-filled leaves the position
 * working for a person to reconcile at the broker.
 */
export function positionAfter(position: ManagedPosition, kind: ProposalKind, order: BrokerOrder, now: number): ManagedPosition {
  const effect = effectOf(position, order);
  const state = order.status === 'filled' ? 'filled' : ENDED.has(order.status) && order.filledQty === 0 ? 'ended' : 'working';
  if (!position.orderIds.includes(order.id)) {
    const recorded = { ...position, orderIds: [...position.orderIds, order.id] };
    if (state === 'filled') return filled(recorded, effect, kind, order, now);
    return state === 'ended' ? recorded : { ...recorded, status: workingStatus(effect) };
  }
  if (position.orderIds.at(-1) !== order.id || position.status !== workingStatus(effect)) return position;
  if (state === 'filled') return filled(position, effect, kind, order, now);
  if (state === 'ended') return { ...position, status: effect === 'replace' && position.closedAt !== null ? 'closed' : 'open' };
  // A close that ended with some whole condors closed (a walk cancels the rest): the position keeps the others.
  if (effect === 'close' && ENDED.has(order.status) && order.filledQty > 0 && order.filledQty < position.qty) {
    return { ...position, qty: position.qty - order.filledQty, status: 'open' };
  }
  return position;
}

function filled(position: ManagedPosition, effect: 'close' | 'replace', kind: ProposalKind, order: BrokerOrder, now: number): ManagedPosition {
  const price = order.filledAvgPrice ?? order.limitPrice;
  const entryCredit = kind === 'roll' ? Math.round((position.entryCredit - price) * 1e6) / 1e6 : position.entryCredit;
  if (effect === 'close') return { ...position, status: 'closed', closedAt: now, entryCredit };
  const closed = new Set(order.legs.filter(closes).map((leg) => leg.symbol));
  const kept = position.closedAt !== null ? [] : position.legs.filter((leg) => !closed.has(leg.symbol));
  const opened = order.legs
    .filter((leg) => !closes(leg))
    .flatMap((leg) => legOfSymbol(leg.symbol, leg.side === 'sell' ? 'short' : 'long') ?? []);
  const legs = [...kept, ...opened].sort((a, b) => (a.type === b.type ? a.strike - b.strike : a.type === 'put' ? -1 : 1));
  const expiry = legs.reduce((first, leg) => (leg.expiry < first ? leg.expiry : first), legs[0]?.expiry ?? position.expiry);
  return { ...position, legs, expiry, entryCredit, status: 'open', closedAt: null };
}
