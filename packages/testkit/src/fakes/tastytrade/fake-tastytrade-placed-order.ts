import { decimalText, type Costs } from './fake-tastytrade-costs.js';
import type { Contract } from './fake-tastytrade-market.js';
import { WORKING, type Action, type OrderRequest, type Status } from './fake-tastytrade-orders.js';

/** One fill of one leg. */
export interface Fill {
  readonly id: string;
  readonly quantity: number;
  readonly price: number;
  readonly at: number;
}

/** One leg of a placed order, with its fills. */
export interface Leg {
  readonly contract: Contract;
  readonly quantity: number;
  readonly action: Action;
  remaining: number;
  readonly fills: Fill[];
  /** A fill that happened but is not yet reported (the other legs of a multi-leg order follow the first), and the request that sees it. */
  pending: { readonly fill: Fill; readonly due: number } | null;
}

/** An order the fake holds, through its lifecycle. */
export interface Order {
  readonly id: number;
  readonly account: string;
  status: Status;
  readonly request: OrderRequest;
  readonly legs: Leg[];
  readonly receivedAt: number;
  updatedAt: number;
  liveAt: number | null;
  terminalAt: number | null;
  cancelledAt: number | null;
  rejectReason: string | null;
  /** Buying power and cash per unit filled, from the dry-run arithmetic at placement. */
  readonly costs: Costs;
  /** An asynchronous step and the request that first sees it done: a cancel or a replace completing, or (a race) a fill instead. */
  next: { readonly step: 'cancel' | 'replace' | 'fill'; readonly due: number } | null;
  /** Ended by a replace (`Cancelled` with `edited: true`). */
  edited: boolean;
  /** The order this one replaces (`replaces-order-id`). */
  readonly replacesId: number | null;
  /** The order that replaced this one (`replacing-order-id`), once it has. */
  replacingId: number | null;
  /** The replacement waiting (`Contingent`) for this order's cancel. */
  replacement: Order | null;
}

/** The order as tastytrade answers it: the request's fields, the status and times, each leg's fills. */
export function orderJson(order: Order): Record<string, unknown> {
  const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString().replace('Z', '+00:00'));
  return {
    ...requestJson(order.account, order.request),
    id: order.id,
    status: order.status,
    cancellable: WORKING.has(order.status) && order.status !== 'Cancel Requested',
    editable: order.status === 'Live',
    edited: order.edited,
    ...(order.replacesId === null ? {} : { 'replaces-order-id': order.replacesId }),
    ...(order.replacingId === null ? {} : { 'replacing-order-id': order.replacingId }),
    'received-at': iso(order.receivedAt),
    'updated-at': order.updatedAt,
    ...(order.liveAt === null ? {} : { 'live-at': iso(order.liveAt) }),
    ...(order.terminalAt === null ? {} : { 'terminal-at': iso(order.terminalAt) }),
    ...(order.cancelledAt === null ? {} : { 'cancelled-at': iso(order.cancelledAt) }),
    ...(order.rejectReason === null ? {} : { 'reject-reason': order.rejectReason }),
    legs: order.legs.map((leg) => ({
      'instrument-type': 'Equity Option',
      symbol: leg.contract.symbol,
      quantity: leg.quantity,
      'remaining-quantity': leg.remaining,
      action: leg.action,
      fills: leg.fills.map((fill) => ({
        'fill-id': fill.id,
        quantity: String(fill.quantity),
        'fill-price': decimalText(fill.price),
        'filled-at': iso(fill.at),
        'destination-venue': 'FAKE_MARKET_SIMULATOR',
        'ext-exec-id': `x${fill.id}`,
        'ext-group-fill-id': `g${String(order.id)}`,
      })),
    })),
  };
}

/** The fields an order shows of its request, before any fill. */
export function requestJson(accountNumber: string, request: OrderRequest): Record<string, unknown> {
  return {
    'account-number': accountNumber,
    'time-in-force': request.timeInForce,
    'order-type': request.orderType,
    size: request.size,
    'underlying-symbol': request.legs[0]?.contract.root ?? '',
    'underlying-instrument-type': 'Equity',
    ...(request.price === null ? {} : { price: decimalText(request.price), 'price-effect': request.priceEffect }),
    ...(request.externalIdentifier === null ? {} : { 'external-identifier': request.externalIdentifier }),
    ...(request.source === null ? {} : { source: request.source }),
    legs: request.legs.map((l) => ({ 'instrument-type': 'Equity Option', symbol: l.contract.symbol, quantity: l.quantity, 'remaining-quantity': l.quantity, action: l.action, fills: [] })),
  };
}
