import type { BrokerOrder, MultiLegOrder, OrderLeg, OrderStatus, PositionIntent } from '@condor/core';

/** A JSON object from Schwab. */
export type Json = Record<string, unknown>;

/** An answer whose shape is not what the reference says. */
export class WireError extends Error {}

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Schwab's leg instructions, by condor's position intent. */
const INSTRUCTIONS = {
  buy_to_open: 'BUY_TO_OPEN',
  buy_to_close: 'BUY_TO_CLOSE',
  sell_to_open: 'SELL_TO_OPEN',
  sell_to_close: 'SELL_TO_CLOSE',
} as const satisfies Record<PositionIntent, string>;

const INTENTS: ReadonlyMap<string, PositionIntent> = new Map(Object.entries(INSTRUCTIONS).map(([intent, instruction]) => [instruction, intent as PositionIntent]));

/**
 * Every status Schwab documents (apiOrderStatus), onto condor's. A partial fill is not a status there: the order
 * stays `WORKING` with `filledQuantity` (see `toOrder`). `PENDING_REPLACE` is still working until it is `REPLACED`.
 */
export const STATUSES = {
  AWAITING_PARENT_ORDER: 'accepted',
  AWAITING_CONDITION: 'accepted',
  AWAITING_STOP_CONDITION: 'accepted',
  AWAITING_MANUAL_REVIEW: 'accepted',
  ACCEPTED: 'accepted',
  AWAITING_UR_OUT: 'accepted',
  PENDING_ACTIVATION: 'accepted',
  QUEUED: 'accepted',
  WORKING: 'accepted',
  NEW: 'accepted',
  AWAITING_RELEASE_TIME: 'accepted',
  PENDING_ACKNOWLEDGEMENT: 'accepted',
  PENDING_RECALL: 'accepted',
  PENDING_REPLACE: 'accepted',
  UNKNOWN: 'accepted',
  PENDING_CANCEL: 'pending_cancel',
  REJECTED: 'rejected',
  CANCELED: 'canceled',
  REPLACED: 'replaced',
  FILLED: 'filled',
  EXPIRED: 'expired',
} as const satisfies Record<string, OrderStatus>;

export type SchwabStatus = keyof typeof STATUSES;

const isStatus = (value: unknown): value is SchwabStatus => typeof value === 'string' && Object.hasOwn(STATUSES, value);

/** Statuses in which an order may still fill: everything but Schwab's terminal five. */
export const isWorkingStatus = (status: SchwabStatus): boolean => !['REJECTED', 'CANCELED', 'REPLACED', 'FILLED', 'EXPIRED'].includes(status);

/** Statuses of a step Schwab has not finished: a cancel or a replace under way, or a replacement not yet routed. */
export const isSettling = (status: SchwabStatus): boolean => ['PENDING_CANCEL', 'PENDING_REPLACE', 'QUEUED', 'PENDING_ACTIVATION', 'AWAITING_PARENT_ORDER', 'PENDING_ACKNOWLEDGEMENT'].includes(status);

const COMPACT = /^([A-Z0-9.]{1,6})(\d{6})([CP])(\d{8})$/;
const PADDED = /^([A-Z0-9.][A-Z0-9. ]{5})(\d{6})([CP])(\d{8})$/;

/**
 * condor's compact OCC symbol in Schwab's form: the root padded to six characters.
 * @example
 * toSchwabSymbol('SPY261218P00720000'); // 'SPY   261218P00720000'
 */
export function toSchwabSymbol(symbol: string): string {
  const match = COMPACT.exec(symbol);
  if (!match) throw new WireError(`${symbol} is not an OCC option symbol`);
  const [, root = '', date = '', cp = '', strike = ''] = match;
  return `${root.padEnd(6, ' ')}${date}${cp}${strike}`;
}

/** Schwab's padded OCC symbol in condor's compact form; null for anything else. */
export function toCompactSymbol(symbol: string): string | null {
  const match = PADDED.exec(symbol);
  if (!match) return null;
  const [, root = '', date = '', cp = '', strike = ''] = match;
  return `${root.trimEnd()}${date}${cp}${strike}`;
}

/** A price Schwab takes: a string with two decimals (four below a dollar), positive. */
export function priceText(price: number): string {
  const unsigned = Math.abs(price);
  return unsigned < 1 ? (Math.round(unsigned * 10_000) / 10_000).toFixed(4).replace(/0{1,2}$/, '') : (Math.round(unsigned * 100) / 100).toFixed(2);
}

/** `IRON_CONDOR` for the four legs of a standard condor (long put < short put ≤ short call < long call, one each); `CUSTOM` otherwise. */
export function strategyOf(legs: readonly OrderLeg[]): 'IRON_CONDOR' | 'CUSTOM' {
  if (legs.length !== 4) return 'CUSTOM';
  const parsed = legs.map((leg) => ({ leg, match: COMPACT.exec(leg.symbol) }));
  if (parsed.some((p) => p.match === null)) return 'CUSTOM';
  const expiries = new Set(parsed.map((p) => p.match?.[2]));
  const roots = new Set(parsed.map((p) => p.match?.[1]));
  if (expiries.size !== 1 || roots.size !== 1) return 'CUSTOM';
  const strike = (p: (typeof parsed)[number]): number => Number(p.match?.[4]);
  const of = (cp: string, side: string): number[] => parsed.filter((p) => p.match?.[3] === cp && p.leg.side === side).map(strike);
  const [longPut, shortPut, shortCall, longCall] = [of('P', 'buy'), of('P', 'sell'), of('C', 'sell'), of('C', 'buy')];
  if ([longPut, shortPut, shortCall, longCall].some((s) => s.length !== 1)) return 'CUSTOM';
  const [lp = 0, sp = 0, sc = 0, lc = 0] = [longPut[0], shortPut[0], shortCall[0], longCall[0]];
  // An opening condor is long the wings; a closing one sells the wings and buys back the body.
  const opening = lp < sp && sp <= sc && sc < lc;
  const closing = sp < lp && lp <= lc && lc < sc;
  return opening || closing ? 'IRON_CONDOR' : 'CUSTOM';
}

/**
 * The body of `POST …/orders`, `POST …/previewOrder` and `PUT …/orders/{id}`: one SINGLE day order, `NET_CREDIT`
 * (condor's negative limit) or `NET_DEBIT`, its price unsigned as a string, padded OCC symbols.
 * @example
 * orderRequest({ clientOrderId: 'p1', qty: 1, limitPrice: -1.45, legs }); // { orderType: 'NET_CREDIT', price: '1.45', complexOrderStrategyType: 'IRON_CONDOR', … }
 */
export function orderRequest(order: Pick<MultiLegOrder, 'qty' | 'limitPrice' | 'legs'>): Json {
  return {
    orderType: order.limitPrice < 0 ? 'NET_CREDIT' : 'NET_DEBIT',
    session: 'NORMAL',
    duration: 'DAY',
    price: priceText(order.limitPrice),
    quantity: order.qty,
    orderStrategyType: 'SINGLE',
    complexOrderStrategyType: strategyOf(order.legs),
    orderLegCollection: order.legs.map((leg) => ({ instruction: INSTRUCTIONS[leg.intent], quantity: order.qty, instrument: { symbol: toSchwabSymbol(leg.symbol), assetType: 'OPTION' } })),
  };
}

/** What the adapter knows of an order beyond Schwab's answer: the client order id it was placed under, and the replace chain. */
export interface OrderContext {
  readonly clientOrderId: string;
  readonly replaces: string | null;
  readonly replacedBy: string | null;
}

interface LegFill {
  readonly leg: OrderLeg;
  readonly legId: number;
  /** Contracts of this leg per spread. */
  readonly ratio: number;
}

/**
 * An order answer (a read, or an entry of a list). Schwab's `filledQuantity` counts spreads; a `WORKING` order with
 * some filled is `partially_filled`, as is a `FILLED` one whose executions do not yet cover every leg. The net fill
 * price per share is Σ ±(each leg's average execution price), a buy positive.
 */
export function toOrder(value: unknown, context: OrderContext): BrokerOrder {
  if (!isObject(value)) throw new WireError('order is not an object');
  if (!isStatus(value.status)) throw new WireError(`order status ${String(value.status)} is unknown`);
  const quantity = num(value, 'quantity');
  const legs = (Array.isArray(value.orderLegCollection) ? value.orderLegCollection : []).map((leg) => toLeg(leg, quantity));
  if (legs.length === 0) throw new WireError('order has no legs');
  const filledQty = typeof value.filledQuantity === 'number' ? value.filledQuantity : 0;
  const executed = executions(value);
  const everyLegDone = legs.every((l) => (executed.get(l.legId)?.quantity ?? 0) >= filledQty * l.ratio - 1e-9);
  const mapped = STATUSES[value.status];
  const status: OrderStatus = (mapped === 'accepted' && filledQty > 0) || (mapped === 'filled' && !everyLegDone) ? 'partially_filled' : mapped;
  const price = num(value, 'price');
  const credit = value.orderType === 'NET_CREDIT';
  const replacedBy = context.replacedBy ?? replacingOrderId(value);
  return {
    id: orderIdOf(value),
    clientOrderId: context.clientOrderId,
    status,
    qty: quantity,
    filledQty,
    limitPrice: credit ? -price : price,
    filledAvgPrice: filledQty > 0 ? netFillPrice(legs, executed) : null,
    submittedAt: enteredTime(value),
    legs: legs.map((l) => l.leg),
    replacedBy: status === 'replaced' ? replacedBy : null,
    replaces: context.replaces,
  };
}

/** The order's id as text. */
export function orderIdOf(value: Json): string {
  const id = value.orderId;
  if (typeof id !== 'number' && (typeof id !== 'string' || id === '')) throw new WireError('order id is missing');
  return String(id);
}

/** The id of the order that replaced this one, from `replacingOrderCollection`; null without one. */
export function replacingOrderId(value: Json): string | null {
  const first: unknown = Array.isArray(value.replacingOrderCollection) ? value.replacingOrderCollection[0] : undefined;
  return isObject(first) && (typeof first.orderId === 'number' || typeof first.orderId === 'string') ? String(first.orderId) : null;
}

/** `enteredTime` (`2024-10-18T15:23:51+0000`), epoch ms. */
export function enteredTime(value: Json): number {
  const text = typeof value.enteredTime === 'string' ? value.enteredTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : '';
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new WireError(`enteredTime ${String(value.enteredTime)} is not a time`);
  return ms;
}

/** Whether an order is made only of option legs (the only ones condor places). */
export const isOptionOrder = (value: unknown): boolean =>
  isObject(value) && Array.isArray(value.orderLegCollection) && value.orderLegCollection.length > 0 && value.orderLegCollection.every((leg) => isObject(leg) && isObject(leg.instrument) && leg.instrument.assetType === 'OPTION');

/** The Schwab status of an order answer; null for one not in the reference. */
export const statusOf = (value: unknown): SchwabStatus | null => (isObject(value) && isStatus(value.status) ? value.status : null);

/** Why Schwab rejected an order, in its words; null when it did not. */
export function rejectionOf(value: unknown): string | null {
  if (!isObject(value) || value.status !== 'REJECTED') return null;
  return typeof value.statusDescription === 'string' && value.statusDescription !== '' ? value.statusDescription : 'Schwab rejected the order without giving a reason';
}

function toLeg(value: unknown, quantity: number): LegFill {
  if (!isObject(value) || !isObject(value.instrument)) throw new WireError('leg has no instrument');
  const symbol = toCompactSymbol(String(value.instrument.symbol));
  if (symbol === null) throw new WireError(`leg symbol ${String(value.instrument.symbol)} is not an OCC option symbol`);
  const intent = INTENTS.get(String(value.instruction));
  if (intent === undefined) throw new WireError(`leg instruction ${String(value.instruction)} is not an option instruction`);
  return { leg: { symbol, side: intent.startsWith('buy') ? 'buy' : 'sell', intent }, legId: num(value, 'legId'), ratio: num(value, 'quantity') / quantity };
}

/** Executed contracts and their cost by leg id, over every `EXECUTION` activity. */
function executions(value: Json): Map<number, { quantity: number; cost: number }> {
  const byLeg = new Map<number, { quantity: number; cost: number }>();
  for (const activity of Array.isArray(value.orderActivityCollection) ? value.orderActivityCollection : []) {
    if (!isObject(activity) || activity.activityType !== 'EXECUTION' || activity.executionType !== 'FILL') continue;
    for (const leg of Array.isArray(activity.executionLegs) ? activity.executionLegs : []) {
      if (!isObject(leg)) continue;
      const held = byLeg.get(num(leg, 'legId')) ?? { quantity: 0, cost: 0 };
      held.quantity += num(leg, 'quantity');
      held.cost += num(leg, 'quantity') * num(leg, 'price');
      byLeg.set(num(leg, 'legId'), held);
    }
  }
  return byLeg;
}

function netFillPrice(legs: readonly LegFill[], executed: Map<number, { quantity: number; cost: number }>): number | null {
  let net = 0;
  for (const { leg, legId, ratio } of legs) {
    const fills = executed.get(legId);
    if (fills === undefined || fills.quantity === 0) return null;
    net += (leg.side === 'buy' ? 1 : -1) * (fills.cost / fills.quantity) * ratio;
  }
  return Math.round(net * 10_000) / 10_000;
}

export function num(json: Json, field: string): number {
  const value = json[field];
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) throw new WireError(`${field} is not a number`);
  return n;
}
