import type { BrokerAccount, BrokerOrder, BrokerPosition, MultiLegOrder, OrderLeg, OrderReplacement, OrderStatus, PositionIntent } from '@condor/core';

/** Alpaca's JSON that did not have the documented shape. */
export class WireError extends Error {}

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown, what: string): Json {
  if (!isObject(value)) throw new WireError(`${what} is not an object`);
  return value;
}

function text(json: Json, field: string): string {
  const value = json[field];
  if (typeof value !== 'string') throw new WireError(`${field} is not a string`);
  return value;
}

/** Alpaca's Trading API sends money and quantities as strings. */
function decimal(json: Json, field: string): number {
  const value = json[field];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(number)) throw new WireError(`${field} is not a number`);
  return number;
}

function optionalText(json: Json, field: string): string | null {
  return json[field] === null || json[field] === undefined ? null : text(json, field);
}

function optionalDecimal(json: Json, field: string): number | null {
  return json[field] === null || json[field] === undefined ? null : decimal(json, field);
}

/** The array of a list endpoint. */
export function list(body: unknown, what: string): readonly unknown[] {
  if (!Array.isArray(body)) throw new WireError(`${what} is not an array`);
  return body;
}

/** GET /v2/account. */
export function toAccount(body: unknown): BrokerAccount {
  const json = object(body, 'account');
  const level = json.options_trading_level;
  const buyingPower = optionalDecimal(json, 'options_buying_power') ?? decimal(json, 'buying_power');
  return {
    accountId: typeof json.account_number === 'string' && json.account_number !== '' ? json.account_number : text(json, 'id'),
    buyingPower,
    spreadsAllowed: typeof level === 'number' && level >= 3 && json.trading_blocked !== true && json.account_blocked !== true,
  };
}

/** One entry of GET /v2/positions, or null when it is not an option. */
export function toOptionPosition(value: unknown): BrokerPosition | null {
  const json = object(value, 'position');
  if (json.asset_class !== 'us_option') return null;
  const qty = Math.abs(decimal(json, 'qty'));
  return {
    symbol: text(json, 'symbol'),
    qty: json.side === 'short' ? -qty : qty,
    avgEntryPrice: decimal(json, 'avg_entry_price'),
    currentPrice: decimal(json, 'current_price'),
  };
}

/** Alpaca's order statuses onto ours; the ones still working (held, stopped, being replaced…) count as accepted. */
const STATUSES: Readonly<Record<string, OrderStatus>> = {
  new: 'accepted',
  accepted: 'accepted',
  pending_new: 'accepted',
  accepted_for_bidding: 'accepted',
  held: 'accepted',
  calculated: 'accepted',
  stopped: 'accepted',
  suspended: 'accepted',
  pending_replace: 'accepted',
  partially_filled: 'partially_filled',
  filled: 'filled',
  canceled: 'canceled',
  replaced: 'replaced',
  pending_cancel: 'pending_cancel',
  rejected: 'rejected',
  expired: 'expired',
  done_for_day: 'expired',
};

const SIDES = new Set(['buy', 'sell']);
const INTENTS = new Set<string>(['buy_to_open', 'buy_to_close', 'sell_to_open', 'sell_to_close']);

function toLeg(value: unknown): OrderLeg {
  const json = object(value, 'leg');
  const side = text(json, 'side');
  const intent = text(json, 'position_intent');
  if (!SIDES.has(side)) throw new WireError(`leg side ${side} is unknown`);
  if (!INTENTS.has(intent)) throw new WireError(`leg position_intent ${intent} is unknown`);
  return { symbol: text(json, 'symbol'), side: side === 'buy' ? 'buy' : 'sell', intent: intent as PositionIntent };
}

/** Whether an entry of GET /v2/orders is a multi-leg parent (the only orders this service places). */
export const isMultiLeg = (value: unknown): boolean => isObject(value) && value.order_class === 'mleg';

/** A multi-leg parent order (nested legs). */
export function toOrder(value: unknown): BrokerOrder {
  const json = object(value, 'order');
  const status = STATUSES[text(json, 'status')];
  if (status === undefined) throw new WireError(`order status ${String(json.status)} is unknown`);
  const submittedAt = Date.parse(text(json, 'submitted_at'));
  if (Number.isNaN(submittedAt)) throw new WireError('submitted_at is not a time');
  return {
    id: text(json, 'id'),
    clientOrderId: text(json, 'client_order_id'),
    status,
    qty: decimal(json, 'qty'),
    filledQty: optionalDecimal(json, 'filled_qty') ?? 0,
    limitPrice: decimal(json, 'limit_price'),
    filledAvgPrice: optionalDecimal(json, 'filled_avg_price'),
    submittedAt,
    legs: (Array.isArray(json.legs) ? json.legs : []).map(toLeg),
    replacedBy: optionalText(json, 'replaced_by'),
    replaces: optionalText(json, 'replaces'),
  };
}

/** Condor's sign is Alpaca's mleg sign (a debit positive, a credit negative), in cents. */
const limitPrice = (price: number): string => (Math.round(price * 100) / 100).toFixed(2);

/** The body of POST /v2/orders for a multi-leg limit order (day, one of each leg per unit). */
export function orderRequest(order: MultiLegOrder): Json {
  return {
    order_class: 'mleg',
    qty: String(order.qty),
    type: 'limit',
    limit_price: limitPrice(order.limitPrice),
    time_in_force: 'day',
    client_order_id: order.clientOrderId,
    legs: order.legs.map((leg) => ({ symbol: leg.symbol, ratio_qty: '1', side: leg.side, position_intent: leg.intent })),
  };
}

/** The body of PATCH /v2/orders/{id}: the new limit and the new order's client order id; the rest stays the old order's. */
export function replaceRequest(replacement: OrderReplacement): Json {
  return { limit_price: limitPrice(replacement.limitPrice), client_order_id: replacement.clientOrderId };
}
