import { parseOcc, type Contract, type FakeMarket } from './fake-tastytrade-market.js';

/** A refusal in tastytrade's error envelope: `{error: {code, message, errors?}}` with its HTTP status. */
export interface Refusal {
  readonly refusal: true;
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly errors?: readonly { readonly code: string; readonly message: string }[];
}

export const refuse = (status: number, code: string, message: string, errors?: Refusal['errors']): Refusal => ({
  refusal: true,
  status,
  code,
  message,
  ...(errors ? { errors } : {}),
});

/** 422 `preflight_check_failure` with one nested reason, as tastytrade rejects an order. */
export const preflight = (code: string, message: string): Refusal =>
  refuse(422, 'preflight_check_failure', 'One or more preflight checks failed', [{ code, message }]);

export const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null && 'refusal' in value;

export type Action = 'Buy to Open' | 'Sell to Open' | 'Buy to Close' | 'Sell to Close';
const ACTIONS: ReadonlySet<string> = new Set<Action>(['Buy to Open', 'Sell to Open', 'Buy to Close', 'Sell to Close']);

export const isBuy = (action: Action): boolean => action.startsWith('Buy');
export const isClose = (action: Action): boolean => action.endsWith('Close');
/** Whether the leg is (or closes) a short option: what margin is held against. */
export const isShortLeg = (action: Action): boolean => action === 'Sell to Open' || action === 'Buy to Close';

/** Every documented status. */
export type Status =
  | 'Received'
  | 'Routed'
  | 'In Flight'
  | 'Contingent'
  | 'Live'
  | 'Cancel Requested'
  | 'Replace Requested'
  | 'Filled'
  | 'Cancelled'
  | 'Rejected'
  | 'Expired'
  | 'Removed'
  | 'Partially Removed';

export const WORKING: ReadonlySet<Status> = new Set<Status>(['Received', 'Routed', 'In Flight', 'Contingent', 'Live', 'Cancel Requested', 'Replace Requested']);

/** One leg of an order request, checked. */
export interface LegRequest {
  readonly contract: Contract;
  readonly quantity: number;
  action: Action;
}

/** An order request (`POST …/orders` or its dry run), checked against the documented rules. */
export interface OrderRequest {
  readonly orderType: 'Limit' | 'Market';
  readonly timeInForce: 'Day' | 'GTC' | 'GTD';
  /** Per share, unsigned; null for a market order. */
  readonly price: number | null;
  readonly priceEffect: 'Credit' | 'Debit' | null;
  readonly size: number;
  readonly externalIdentifier: string | null;
  readonly source: string | null;
  readonly strictPositionEffect: boolean;
  readonly legs: LegRequest[];
}

/** What a replace (`PUT …/orders/{id}`) may change; the legs stay the original's. */
export interface ReplaceRequest {
  readonly orderType: 'Limit';
  readonly timeInForce: 'Day' | 'GTC' | 'GTD';
  readonly price: number;
  readonly priceEffect: 'Credit' | 'Debit';
  readonly externalIdentifier: string | null;
  readonly source: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A positive decimal, as a string or a number (the docs allow both for `price` and `quantity`). */
function positive(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

const ORDER_TYPES: ReadonlySet<string> = new Set(['Limit', 'Market', 'Stop', 'Stop Limit', 'Notional Market', 'Marketable Limit']);
const TIME_IN_FORCE: ReadonlySet<string> = new Set(['Day', 'GTC', 'GTD', 'Ext', 'GTC Ext', 'IOC']);
const MAX_OPTION_LEGS = 4;

/**
 * Checks an order body the way tastytrade documents: a malformed body is a 400 (`ext-client-order-id` is
 * read-only), an order it will not take is a 422 `preflight_check_failure` with nested reasons (market orders
 * are single-leg; at most four equity option legs of distinct, listed contracts; no buying for a credit).
 * Nested codes the docs do not name are this fake's own words.
 */
export function readOrderRequest(body: unknown, market: FakeMarket): OrderRequest | Refusal {
  if (!isObject(body)) return refuse(400, 'invalid_request', 'The request body must be a JSON object');
  if ('ext-client-order-id' in body) return refuse(400, 'invalid_request', 'ext-client-order-id is read-only');
  const orderType = body['order-type'];
  const timeInForce = body['time-in-force'];
  if (typeof orderType !== 'string' || !ORDER_TYPES.has(orderType)) return refuse(400, 'invalid_request', 'order-type is missing or unknown');
  if (typeof timeInForce !== 'string' || !TIME_IN_FORCE.has(timeInForce)) return refuse(400, 'invalid_request', 'time-in-force is missing or unknown');
  if (orderType !== 'Limit' && orderType !== 'Market') return refuse(400, 'invalid_request', `this fake takes Limit and Market orders, not ${orderType}`);
  if (timeInForce !== 'Day' && timeInForce !== 'GTC' && timeInForce !== 'GTD') return preflight('invalid_time_in_force', `${timeInForce} is for single-leg equity orders`);
  if (timeInForce === 'GTD' && typeof body['gtc-date'] !== 'string') return refuse(400, 'invalid_request', 'a GTD order needs gtc-date');
  if (!Array.isArray(body.legs) || body.legs.length === 0) return refuse(400, 'invalid_request', 'legs must be a non-empty array');
  const legs: LegRequest[] = [];
  for (const leg of body.legs as unknown[]) {
    if (!isObject(leg)) return refuse(400, 'invalid_request', 'each leg must be an object');
    const quantity = positive(leg.quantity);
    if (quantity === null || !Number.isInteger(quantity)) return refuse(400, 'invalid_request', 'leg quantity must be a positive whole number');
    if (typeof leg.action !== 'string' || !ACTIONS.has(leg.action)) return refuse(400, 'invalid_request', 'leg action is missing or unknown');
    if (leg['instrument-type'] !== 'Equity Option') return refuse(400, 'invalid_request', 'this fake trades only Equity Option legs');
    const contract = typeof leg.symbol === 'string' ? parseOcc(leg.symbol) : null;
    if (contract === null || !market.listed(contract)) return preflight('invalid_symbol', `${String(leg.symbol)} is not a tradeable option`);
    legs.push({ contract, quantity, action: leg.action as Action });
  }
  if (legs.length > MAX_OPTION_LEGS) return preflight('too_many_legs', `An equity option order has at most ${MAX_OPTION_LEGS} legs`);
  if (new Set(legs.map((l) => l.contract.symbol)).size !== legs.length) return preflight('duplicate_legs', 'Each leg must be a different symbol');
  if (orderType === 'Market' && legs.length > 1) return preflight('market_orders_single_leg', 'Market orders must have a single leg');
  if (orderType === 'Market' && timeInForce === 'GTC') return preflight('gtc_market_orders_not_supported', 'GTC market orders are not supported');
  let price: number | null = null;
  let priceEffect: 'Credit' | 'Debit' | null = null;
  if (orderType === 'Limit') {
    price = positive(body.price);
    if (price === null) return refuse(400, 'invalid_request', 'a limit order needs a positive price');
    if (body['price-effect'] !== 'Credit' && body['price-effect'] !== 'Debit') return refuse(400, 'invalid_request', 'price-effect must be Credit or Debit');
    priceEffect = body['price-effect'];
    if (priceEffect === 'Credit' && legs.every((l) => isBuy(l.action))) return preflight('cant_buy_for_credit', 'You cannot buy for a credit.');
  }
  const advanced = isObject(body['advanced-instructions']) ? body['advanced-instructions'] : {};
  return {
    orderType,
    timeInForce,
    price,
    priceEffect,
    size: Math.min(...legs.map((l) => l.quantity)),
    externalIdentifier: typeof body['external-identifier'] === 'string' ? body['external-identifier'] : null,
    source: typeof body.source === 'string' ? body.source : null,
    strictPositionEffect: advanced['strict-position-effect-validation'] === true,
    legs,
  };
}

/**
 * Checks a replace body as the documented schema has it (no legs: they cannot change): this fake replaces limit
 * orders with another limit, Day or GTC.
 */
export function readReplaceRequest(body: unknown): ReplaceRequest | Refusal {
  if (!isObject(body)) return refuse(400, 'invalid_request', 'The request body must be a JSON object');
  const orderType = body['order-type'];
  const timeInForce = body['time-in-force'];
  if (orderType !== 'Limit') return refuse(400, 'invalid_request', 'this fake replaces an order with a Limit order');
  if (timeInForce !== 'Day' && timeInForce !== 'GTC' && timeInForce !== 'GTD') return refuse(400, 'invalid_request', 'time-in-force is missing or unknown');
  const price = positive(body.price);
  if (price === null) return refuse(400, 'invalid_request', 'a limit order needs a positive price');
  const priceEffect = body['price-effect'];
  if (priceEffect !== 'Credit' && priceEffect !== 'Debit') return refuse(400, 'invalid_request', 'price-effect must be Credit or Debit');
  return {
    orderType,
    timeInForce,
    price,
    priceEffect,
    externalIdentifier: typeof body['external-identifier'] === 'string' ? body['external-identifier'] : null,
    source: typeof body.source === 'string' ? body.source : null,
  };
}
