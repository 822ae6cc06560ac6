import type { BrokerOrder, MultiLegOrder, OrderLeg, OrderReplacement, OrderStatus, PositionIntent } from '@condor/core';
import { decimal, isObject, object, optionalText, signedMoney, text, toCompactSymbol, toTastytradeSymbol, WireError, type Json } from './tastytrade-wire.js';

/** tastytrade's leg actions, by condor's position intent. */
const ACTIONS = {
  buy_to_open: 'Buy to Open',
  buy_to_close: 'Buy to Close',
  sell_to_open: 'Sell to Open',
  sell_to_close: 'Sell to Close',
} as const satisfies Record<PositionIntent, string>;

const INTENTS: ReadonlyMap<string, PositionIntent> = new Map(Object.entries(ACTIONS).map(([intent, action]) => [action, intent as PositionIntent]));

/** Every status tastytrade documents, onto condor's; a partial fill is not a status there (see `toOrder`). */
const STATUSES = {
  Received: 'accepted',
  Routed: 'accepted',
  'In Flight': 'accepted',
  Contingent: 'accepted',
  Live: 'accepted',
  'Replace Requested': 'accepted',
  'Cancel Requested': 'pending_cancel',
  Filled: 'filled',
  Cancelled: 'canceled',
  Rejected: 'rejected',
  Expired: 'expired',
  Removed: 'canceled',
  'Partially Removed': 'canceled',
} as const satisfies Record<string, OrderStatus>;

type TastytradeStatus = keyof typeof STATUSES;

const isStatus = (value: unknown): value is TastytradeStatus => typeof value === 'string' && Object.hasOwn(STATUSES, value);

/** Statuses of an order that may still fill or be cancelled. */
export const WORKING_STATUSES: ReadonlySet<TastytradeStatus> = new Set(['Received', 'Routed', 'In Flight', 'Contingent', 'Live', 'Replace Requested', 'Cancel Requested']);

/**
 * The body of `POST /accounts/{n}/orders` (and its dry run) for a multi-leg limit day order: one of each leg per
 * unit, condor's signed limit as tastytrade's unsigned `price` with a `price-effect`, the client order id as
 * `external-identifier`, and strict position effects so a close of legs not held is refused instead of being
 * routed as an opening order.
 * @example
 * orderRequest({ clientOrderId: 'p1', qty: 1, limitPrice: -1.25, legs }); // { price: '1.25', 'price-effect': 'Credit', … }
 */
export function orderRequest(order: MultiLegOrder, source: string): Json {
  return {
    ...limitFields(order.limitPrice),
    source,
    'external-identifier': order.clientOrderId,
    'advanced-instructions': { 'strict-position-effect-validation': true },
    legs: order.legs.map((leg) => ({
      'instrument-type': 'Equity Option',
      symbol: toTastytradeSymbol(leg.symbol),
      quantity: order.qty,
      action: ACTIONS[leg.intent],
    })),
  };
}

/**
 * The body of `PUT /accounts/{n}/orders/{id}`, which replaces a working order: the new limit (unsigned, with its
 * effect) and the new order's `external-identifier`; the legs cannot change and are not sent.
 * @example
 * replaceRequest({ orderId: '771043', clientOrderId: 'p1-s1', limitPrice: -1.2 }, 'condor/0.1.0'); // { price: '1.20', 'price-effect': 'Credit', … }
 */
export function replaceRequest(replacement: OrderReplacement, source: string): Json {
  return { ...limitFields(replacement.limitPrice), source, 'external-identifier': replacement.clientOrderId };
}

/** A limit day order at condor's signed price per share: tastytrade's unsigned `price` and its `price-effect`. */
function limitFields(limitPrice: number): Json {
  return {
    'time-in-force': 'Day',
    'order-type': 'Limit',
    price: (Math.round(Math.abs(limitPrice) * 100) / 100).toFixed(2),
    'price-effect': limitPrice < 0 ? 'Credit' : 'Debit',
  };
}

/** The `replaces-order-id` of an order answer: the order it replaced; null for an order placed afresh. */
export const replacedOrderId = (value: unknown): string | null => (isObject(value) ? orderId(value, 'replaces-order-id') : null);

/** Whether a replacement still waits for its original's cancel (`Contingent`), and so may yet be aborted by a fill. */
export const isContingent = (value: unknown): boolean => isObject(value) && value.status === 'Contingent';

function orderId(json: Json, field: string): string | null {
  const value = json[field];
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : null;
}

/** The `external-identifier` of an order answer; null when it has none (an order placed elsewhere). */
export const externalIdentifier = (value: unknown): string | null => (isObject(value) ? optionalText(value, 'external-identifier') : null);

/** Whether an order is made only of equity option legs (the only ones condor places). */
export const isOptionOrder = (value: unknown): boolean =>
  isObject(value) && Array.isArray(value.legs) && value.legs.length > 0 && value.legs.every((leg) => isObject(leg) && leg['instrument-type'] === 'Equity Option');

/** Whether an order answer is still working. */
export const isWorking = (value: unknown): boolean => isObject(value) && isStatus(value.status) && WORKING_STATUSES.has(value.status);

/** Why tastytrade rejected an order, in its words; null when it was not rejected. */
export function rejectionOf(value: unknown): string | null {
  if (!isObject(value) || value.status !== 'Rejected') return null;
  return optionalText(value, 'reject-reason') ?? 'tastytrade rejected the order without giving a reason';
}

interface LegFill {
  readonly leg: OrderLeg;
  readonly quantity: number;
  readonly remaining: number;
  /** Units of the order this leg has filled. */
  readonly filledUnits: number;
  /** Average price per share of this leg's fills; null before any. */
  readonly averagePrice: number | null;
}

/**
 * An order answer (`data.order` of a placement, `data` of a replace or a read, or an entry of a list). tastytrade has no
 * partially-filled status: an order with fills on some units stays `Live`, and a multi-leg order turns
 * `Filled` when its first leg is processed, the other legs' fills following milliseconds later; both come back
 * `partially_filled` with the units every leg has filled, so a caller re-reads until the whole order is done.
 */
export function toOrder(value: unknown): BrokerOrder {
  const json = object(value, 'order');
  if (!isStatus(json.status)) throw new WireError(`order status ${String(json.status)} is unknown`);
  const legs = (Array.isArray(json.legs) ? json.legs : []).map(toLegFill);
  if (legs.length === 0) throw new WireError('order has no legs');
  const size = json.size === undefined ? Math.max(...legs.map((l) => l.quantity)) : decimal(json, 'size');
  const filledQty = Math.min(...legs.map((l) => l.filledUnits * (size / l.quantity)));
  const everyLegDone = legs.every((l) => l.remaining === 0);
  const replacedBy = orderId(json, 'replacing-order-id');
  // A replace ends the original Cancelled, naming its replacement; condor calls that replaced.
  const mapped: OrderStatus = json.status === 'Cancelled' && replacedBy !== null ? 'replaced' : STATUSES[json.status];
  const status: OrderStatus =
    (mapped === 'accepted' && filledQty > 0) || (mapped === 'filled' && !everyLegDone) ? 'partially_filled' : mapped;
  const id = json.id;
  if (typeof id !== 'number' && (typeof id !== 'string' || id === '')) throw new WireError('order id is missing');
  return {
    id: String(id),
    clientOrderId: externalIdentifier(json) ?? '',
    status,
    qty: size,
    filledQty,
    limitPrice: signedMoney(json, 'price'),
    filledAvgPrice: netFillPrice(legs),
    submittedAt: submittedAt(json),
    legs: legs.map((l) => l.leg),
    replacedBy: status === 'replaced' ? replacedBy : null,
    replaces: orderId(json, 'replaces-order-id'),
  };
}

/** The net price per share of the fills in condor's sign (a debit positive): Σ ±(each leg's average fill). */
function netFillPrice(legs: readonly LegFill[]): number | null {
  let net = 0;
  for (const { leg, averagePrice } of legs) {
    if (averagePrice === null) return null;
    net += leg.side === 'buy' ? averagePrice : -averagePrice;
  }
  // Leg prices carry at most four decimals; the sum should not carry float noise beyond them.
  return Math.round(net * 10_000) / 10_000;
}

function toLegFill(value: unknown): LegFill {
  const json = object(value, 'leg');
  const symbol = toCompactSymbol(text(json, 'symbol'));
  if (symbol === null) throw new WireError(`leg symbol ${String(json.symbol)} is not an OCC option symbol`);
  const intent = INTENTS.get(text(json, 'action'));
  if (intent === undefined) throw new WireError(`leg action ${String(json.action)} is unknown`);
  const quantity = decimal(json, 'quantity');
  const remaining = json['remaining-quantity'] === undefined ? quantity : decimal(json, 'remaining-quantity');
  let filled = 0;
  let cost = 0;
  for (const fill of Array.isArray(json.fills) ? json.fills : []) {
    const entry = object(fill, 'fill');
    const fillQuantity = decimal(entry, 'quantity');
    filled += fillQuantity;
    cost += fillQuantity * decimal(entry, 'fill-price');
  }
  return {
    leg: { symbol, side: intent.startsWith('buy') ? 'buy' : 'sell', intent },
    quantity,
    remaining,
    filledUnits: quantity - remaining,
    averagePrice: filled > 0 ? cost / filled : null,
  };
}

/** `received-at` (ISO); a dry run or an odd answer without it falls back to `updated-at` (epoch milliseconds). */
function submittedAt(json: Json): number {
  const received = typeof json['received-at'] === 'string' ? Date.parse(json['received-at']) : Number.NaN;
  if (Number.isFinite(received)) return received;
  const updated = json['updated-at'];
  if (typeof updated === 'number' && Number.isFinite(updated)) return updated;
  throw new WireError('received-at is not a time');
}
