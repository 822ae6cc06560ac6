import { positionsJson } from './fake-tastytrade-accounts.js';
import { answerRefusal, type Answer } from './fake-tastytrade-answers.js';
import type { FakeBook } from './fake-tastytrade-book.js';
import type { FakeMarket } from './fake-tastytrade-market.js';
import { refuse } from './fake-tastytrade-orders.js';
import { orderJson, type Order } from './fake-tastytrade-placed-order.js';

/** From this order-api version an order search needs a start date. */
const SEARCH_NEEDS_START = '20261012';

/** `GET /customers/me/accounts`: every account of the login, closed ones included, with the login's authority. */
export function accountItems(book: FakeBook): Record<string, unknown>[] {
  return [...book.accounts.values()].map(({ spec }) => ({
    account: {
      'account-number': spec.accountNumber,
      nickname: spec.nickname,
      'account-type-name': spec.accountType,
      'margin-or-cash': spec.marginOrCash,
      'is-closed': spec.closed,
      'day-trader-status': false,
      'is-futures-approved': false,
      'suitable-options-level': spec.optionsLevel,
      'opened-at': '2024-01-02T14:30:00.000+00:00',
      'created-at': '2024-01-02T14:30:00.000+00:00',
    },
    'authority-level': spec.authority,
  }));
}

/** `GET …/positions`, filtered by `underlying-symbol[]` and `instrument-type`. */
export function listedPositions(book: FakeBook, market: FakeMarket, account: string, query: URLSearchParams): Record<string, unknown>[] {
  const underlyings = [...query.getAll('underlying-symbol[]'), ...query.getAll('underlying-symbol')];
  const type = query.get('instrument-type');
  return positionsJson(book.account(account), market, query.get('include-marks') === 'true').filter(
    (p) => (underlyings.length === 0 || underlyings.includes(String(p['underlying-symbol']))) && (type === null || p['instrument-type'] === type),
  );
}

/** Today's orders (New York trading date) in every status, filtered by `status[]` and `underlying-symbol`. */
export function liveOrders(book: FakeBook, market: FakeMarket, account: string, query: URLSearchParams): Record<string, unknown>[] {
  const today = market.today();
  return filtered(book, account, query)
    .filter((o) => book.tradingDate(o) === today)
    .map((o) => orderJson(o));
}

/** `GET …/orders`: the search by trading date or time, one page of it, with tastytrade's pagination. */
export function searchOrders(book: FakeBook, request: { readonly path: string; readonly account: string; readonly query: URLSearchParams; readonly version: string }): Answer {
  const { path, account, query, version } = request;
  const startDate = query.get('start-date');
  const startAt = query.get('start-at');
  if (version >= SEARCH_NEEDS_START && startDate === null && startAt === null) return answerRefusal(refuse(400, 'invalid_request', 'start-date or start-at is required'));
  const perPage = Number(query.get('per-page') ?? '10');
  const offset = Number(query.get('page-offset') ?? '0');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 200 || !Number.isInteger(offset) || offset < 0) return answerRefusal(refuse(400, 'invalid_request', 'per-page must be 1 to 200'));
  const endDate = query.get('end-date');
  const found = filtered(book, account, query).filter(
    (o) =>
      (startDate === null || book.tradingDate(o) >= startDate) &&
      (startAt === null || o.receivedAt >= Date.parse(startAt)) &&
      (endDate === null || book.tradingDate(o) <= endDate),
  );
  const sorted = query.get('sort') === 'Asc' ? found : [...found].reverse();
  const page = sorted.slice(offset * perPage, (offset + 1) * perPage);
  return {
    status: 200,
    body: {
      data: { items: page.map((o) => orderJson(o)) },
      context: path,
      pagination: {
        'per-page': perPage,
        'page-offset': offset,
        'item-offset': offset * perPage,
        'total-items': sorted.length,
        'total-pages': Math.ceil(sorted.length / perPage),
        'current-item-count': page.length,
      },
    },
  };
}

function filtered(book: FakeBook, account: string, query: URLSearchParams): Order[] {
  const statuses = [...query.getAll('status[]'), ...query.getAll('status')];
  const underlying = query.get('underlying-symbol');
  return book.orders.filter(
    (o) => o.account === account && (statuses.length === 0 || statuses.includes(o.status)) && (underlying === null || o.legs[0]?.contract.root === underlying),
  );
}
