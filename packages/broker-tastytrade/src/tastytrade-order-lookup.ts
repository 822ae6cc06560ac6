import type { BrokerError, BrokerOrder } from '@condor/core';
import { okAsync, type ResultAsync } from 'neverthrow';
import { decodeResponse, getData, readWire } from './tastytrade-broker-responses.js';
import type { TastytradeResponse } from './tastytrade-http.js';
import { externalIdentifier } from './tastytrade-order-wire.js';
import type { TastytradeSession } from './tastytrade-session.js';
import { items, isObject } from './tastytrade-wire.js';

/** `GET …/orders` pages: tastytrade's largest page, and how many are read before the oldest orders are left out. */
const PER_PAGE = 200;
const MAX_PAGES = 5;

export interface TastytradeOrderLookupOptions {
  /** `/accounts/{number}`, URL-encoded. */
  readonly accountPath: string;
  /** Epoch milliseconds, for the order search's start date. */
  readonly now: () => number;
  /** How many days back the search goes (it needs a start date). */
  readonly historyDays: number;
}

/**
 * Finding an account's orders as tastytrade lists them (wire objects, not yet the port's orders): today's, the
 * search back `historyDays`, and the newest carrying a client order id. tastytrade does not refuse a second order
 * with one external-identifier, so a lookup by it takes the newest.
 * @example
 * const lookup = new TastytradeOrderLookup(session, { accountPath: '/accounts/5WT00001', now, historyDays: 30 });
 * await lookup.findToday('condor-p1'); // Ok(the newest of today's orders carrying it, or null)
 */
export class TastytradeOrderLookup {
  constructor(
    private readonly session: TastytradeSession,
    private readonly options: TastytradeOrderLookupOptions,
  ) {}

  /** Today's orders in every status (`GET …/orders/live`). */
  liveOrders(): ResultAsync<readonly unknown[], BrokerError> {
    return getData(this.session, `${this.options.accountPath}/orders/live`).andThen((data) => readWire(() => items(data, 'orders')));
  }

  /** The newest of today's orders carrying this external-identifier, or null. */
  findToday(clientOrderId: string): ResultAsync<unknown, BrokerError> {
    return this.liveOrders().map((orders) => newest(orders, clientOrderId));
  }

  /** Orders since `historyDays` ago, newest first, page by page (the search needs a start date since version 20261012). */
  searchOrders(): ResultAsync<readonly unknown[], BrokerError> {
    const startDate = new Date(this.options.now() - this.options.historyDays * 86_400_000).toISOString().slice(0, 10);
    const page = (offset: number, found: readonly unknown[]): ResultAsync<readonly unknown[], BrokerError> => {
      const query = new URLSearchParams({ 'start-date': startDate, sort: 'Desc', 'per-page': String(PER_PAGE), 'page-offset': String(offset) });
      return this.session.request('GET', `${this.options.accountPath}/orders?${query.toString()}`, { idempotent: true }).andThen((response) =>
        decodeResponse(response, (data) => items(data, 'orders')).andThen((orders) => {
          const all = [...found, ...orders];
          const pages = totalPages(response);
          const more = pages === null ? orders.length === PER_PAGE : offset + 1 < pages;
          return more && offset + 1 < MAX_PAGES ? page(offset + 1, all) : okAsync(all);
        }),
      );
    };
    return page(0, []);
  }
}

/** The newest order carrying the external-identifier, or null; tastytrade does not refuse a second one. */
export function newest(orders: readonly unknown[], clientOrderId: string): unknown {
  const matching = orders.filter((order) => externalIdentifier(order) === clientOrderId);
  return matching.sort((a, b) => orderNumber(b) - orderNumber(a))[0] ?? null;
}

/** A wire order's number (its `id`), 0 when it has none. */
export const orderNumber = (order: unknown): number => (isObject(order) ? Number(order.id) : Number.NaN) || 0;

/** Today's orders, then the searched ones not among them. */
export function merge(live: readonly unknown[], past: readonly unknown[]): unknown[] {
  const seen = new Set(live.map(orderNumber));
  return [...live, ...past.filter((order) => !seen.has(orderNumber(order)))];
}

/** Newest first; orders placed in the same millisecond by their (increasing) ids. */
export function newestFirst(orders: BrokerOrder[]): BrokerOrder[] {
  return orders.sort((a, b) => b.submittedAt - a.submittedAt || Number(b.id) - Number(a.id));
}

function totalPages(response: TastytradeResponse): number | null {
  const pages = response.pagination?.['total-pages'];
  return typeof pages === 'number' ? pages : null;
}
