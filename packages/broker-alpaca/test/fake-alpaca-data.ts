import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from '@condor/testkit';
import { easternDay, easternTime, expiryClose, formatDay, priceOption, yearsBetween } from '@condor/core';

/** One request the fake received (keys are never recorded, only whether they matched). */
export interface RecordedDataRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly authorized: boolean;
}

export interface FakeAlpacaDataOptions {
  readonly apiKey?: string;
  readonly apiSecret?: string;
  /** Epoch milliseconds: today's date, the default `expiration_date_lte` and contract prices. */
  readonly now: () => number;
}

type Json = Record<string, unknown>;
type Answer = { readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> };

const DAY_MS = 86_400_000;
/** The one optionable underlying, priced at 500 (bid 499.99, ask 500.01). */
export const UNDERLYING = 'SPY';
export const SPOT = 500;
export const RATE = 0.04;
export const STRIKES = Array.from({ length: 21 }, (_, i) => 450 + 5 * i);
/** Strikes whose snapshots carry no greeks and no implied volatility. */
export const BARE_STRIKES = new Set([475, 525]);
/** The smile the fake prices with. */
export const volatilityAt = (strike: number): number => 0.18 + 0.4 * Math.log(SPOT / strike) ** 2 + (strike < SPOT ? 0.03 * Math.log(SPOT / strike) * 10 : 0);

/** NYSE full-day closures from 2025 to 2026: weekdays without a session, so without a bar. */
const HOLIDAYS = new Set([
  '2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25',
  '2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25',
]);

const isSession = (day: number): boolean => ![0, 6].includes((day + 4) % 7) && !HOLIDAYS.has(formatDay(day));

/** The underlying's close on a day: a slow swing around SPOT. */
const closeOn = (day: number): number => SPOT * (1 + 0.05 * Math.sin(day / 20));

const occ = (root: string, expiry: string, type: 'call' | 'put', strike: number): string =>
  `${root}${expiry.slice(2, 4)}${expiry.slice(5, 7)}${expiry.slice(8, 10)}${type === 'call' ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`;

const ASSETS: Record<string, Json> = {
  SPY: { class: 'us_equity', exchange: 'ARCA', status: 'active', tradable: true, attributes: ['has_options'] },
  HALT: { class: 'us_equity', exchange: 'NYSE', status: 'active', tradable: false },
  OLD: { class: 'us_equity', exchange: 'NYSE', status: 'inactive', tradable: false },
  BTCUSD: { class: 'crypto', exchange: 'CRYPTO', status: 'active', tradable: true },
};

/** A cash dividend as Alpaca's corporate actions list it (the process date is the payable date). */
export interface FakeCashDividend {
  readonly symbol: string;
  readonly rate: number;
  readonly exDate: string;
  readonly payableDate: string;
  readonly special?: boolean;
}

/** SPY's quarterly dividends 2025–2026: ex-dates on the third Friday of the quarter's last month (or the day before a holiday), paid about six weeks later. */
export const SPY_DIVIDENDS: readonly FakeCashDividend[] = [
  { symbol: 'SPY', rate: 1.6956, exDate: '2025-03-21', payableDate: '2025-04-30' },
  { symbol: 'SPY', rate: 1.7447, exDate: '2025-06-20', payableDate: '2025-07-31' },
  { symbol: 'SPY', rate: 1.8121, exDate: '2025-09-19', payableDate: '2025-10-31' },
  { symbol: 'SPY', rate: 1.9965, exDate: '2025-12-19', payableDate: '2026-01-30' },
  { symbol: 'SPY', rate: 1.7565, exDate: '2026-03-20', payableDate: '2026-04-30' },
  { symbol: 'SPY', rate: 1.8302, exDate: '2026-06-18', payableDate: '2026-07-31' },
  { symbol: 'SPY', rate: 1.8713, exDate: '2026-09-18', payableDate: '2026-10-30' },
];

interface FakeContract {
  readonly symbol: string;
  readonly root: string;
  readonly expiry: string;
  readonly type: 'call' | 'put';
  readonly strike: number;
  readonly size: string;
}

/**
 * A local stand-in for Alpaca's market data (reference §2.4–2.7), on 127.0.0.1 for both hosts:
 * - `GET /v2/assets/{symbol}`: SPY tradeable; HALT not tradable; OLD inactive; BTCUSD crypto; else 404.
 * - `GET /v2/options/contracts`: SPY contracts (strings for numbers), `expiration_date_lte` defaulting to
 *   the next Saturday as Alpaca's does, paged by `next_page_token`; two non-standard contracts (root SPY1,
 *   size 10) are mixed in.
 * - `GET /v1beta1/options/snapshots/SPY`: a `snapshots` map priced by Black–Scholes on `volatilityAt`,
 *   greeks in Alpaca's units (theta per day, vega per point), none and no IV at `BARE_STRIKES`; the
 *   first expiry's 545 call is crossed and its 450 put has no quote. Paged.
 * - `GET /v2/stocks/SPY/trades/latest`, `/quotes/latest`, `/bars` (a bar per NYSE session, none on weekends
 *   and holidays, opening near the previous close; paged).
 * - `GET /v1/corporate-actions`: `cashDividends` (SPY's by default) of the `symbols` asked for, whose process
 *   (payable) date falls from `start` to `end` (both default to today), sorted by it, `limit` 1–1000 (100 by
 *   default), paged; `types` without `cash_dividend` gives none; no actions at all give `corporate_actions: {}`.
 * Any request can be scripted to answer 429 with `X-RateLimit-Reset`, an error, or any body.
 */
export class FakeAlpacaData {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly requests: RecordedDataRequest[] = [];
  contractPageSize = 25;
  snapshotPageSize = 20;
  barPageSize = 100;
  corporateActionPageSize = 3;
  cashDividends: FakeCashDividend[] = [...SPY_DIVIDENDS];
  /** Listed expirations: the next eight Fridays, then two quarterlies. */
  readonly expiries: string[];
  private readonly contracts: FakeContract[];
  private readonly now: () => number;
  private readonly loopback = new LoopbackServer((req, res) => {
    this.handle(req, res);
  });
  private readonly scripted: { prefix: string; answer: Answer }[] = [];

  constructor(options: FakeAlpacaDataOptions) {
    this.apiKey = options.apiKey ?? 'PKFAKEDATAKEY000001';
    this.apiSecret = options.apiSecret ?? 'fake-data-secret-0123456789';
    this.now = options.now;
    const today = easternDay(this.now());
    const firstFriday = today + ((5 - ((today + 4) % 7) + 7) % 7 || 7);
    const fridays = Array.from({ length: 8 }, (_, i) => firstFriday + 7 * i);
    this.expiries = [...fridays, firstFriday + 7 * 13, firstFriday + 7 * 26].map(formatDay);
    this.contracts = this.expiries.flatMap((expiry) =>
      STRIKES.flatMap((strike) => (['call', 'put'] as const).map((type) => ({ symbol: occ(UNDERLYING, expiry, type, strike), root: UNDERLYING, expiry, type, strike, size: '100' }))),
    );
    const first = this.expiries[0]!;
    this.contracts.push({ symbol: occ('SPY1', first, 'call', 500), root: 'SPY1', expiry: first, type: 'call', strike: 500, size: '100' });
    this.contracts.push({ symbol: occ(UNDERLYING, first, 'call', 502), root: UNDERLYING, expiry: first, type: 'call', strike: 502, size: '10' });
  }

  /** Listens on 127.0.0.1, a free port; answers the base URL. */
  start(): Promise<string> {
    return this.loopback.start();
  }

  stop(): Promise<void> {
    return this.loopback.stop();
  }

  /** The next request whose path starts with `prefix` answers 429 with `X-RateLimit-Reset: resetEpochSeconds`. */
  rateLimitNext(prefix: string, resetEpochSeconds: number): void {
    this.scripted.push({ prefix, answer: { status: 429, body: { code: 42910000, message: 'rate limit exceeded' }, headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetEpochSeconds) } } });
  }

  /** The next request whose path starts with `prefix` answers `status` with `message`. */
  failNext(prefix: string, status: number, message: string): void {
    this.scripted.push({ prefix, answer: { status, body: { code: status * 100000, message } } });
  }

  /** The next request whose path starts with `prefix` answers 200 with `body`. */
  replyNext(prefix: string, body: unknown): void {
    this.scripted.push({ prefix, answer: { status: 200, body } });
  }

  /** Requests whose path starts with `prefix`. */
  requestsTo(prefix: string): RecordedDataRequest[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  /** The Black–Scholes price the fake quotes (as the mid) for a contract. */
  priceOf(expiry: string, type: 'call' | 'put', strike: number): number {
    return priceOption({ type, spot: SPOT, strike, years: this.years(expiry), rate: RATE, dividendYield: 0, volatility: volatilityAt(strike) }).price;
  }

  private years(expiry: string): number {
    return Math.max(0, yearsBetween(this.now(), expiryClose(expiry)!));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const authorized = req.headers['apca-api-key-id'] === this.apiKey && req.headers['apca-api-secret-key'] === this.apiSecret;
    this.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorized });
    const scriptedAt = this.scripted.findIndex((s) => url.pathname.startsWith(s.prefix));
    const scripted = scriptedAt < 0 ? undefined : this.scripted.splice(scriptedAt, 1)[0]!.answer;
    const answer: Answer = !authorized ? { status: 401, body: { message: 'unauthorized' } } : scripted ?? this.route(url);
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'X-RateLimit-Limit': '200',
      'X-RateLimit-Remaining': '199',
      'X-RateLimit-Reset': String(Math.ceil(this.now() / 1000) + 60),
      ...answer.headers,
    });
    res.end(JSON.stringify(answer.body));
  }

  private route(url: URL): Answer {
    const path = url.pathname;
    const q = url.searchParams;
    const asset = /^\/v2\/assets\/([^/]+)$/.exec(path);
    if (asset) {
      const symbol = decodeURIComponent(asset[1]!);
      const found = ASSETS[symbol];
      if (!found) return { status: 404, body: { code: 40410000, message: 'asset not found' } };
      return { status: 200, body: { id: `asset-${symbol}`, symbol, name: symbol, marginable: true, shortable: true, easy_to_borrow: true, fractionable: true, ...found } };
    }
    if (path === '/v2/options/contracts') return this.contractsPage(q);
    if (path === `/v1beta1/options/snapshots/${UNDERLYING}`) return this.snapshotsPage(q);
    if (path === '/v1/corporate-actions') return this.corporateActionsPage(q);
    const stock = /^\/v2\/stocks\/([^/]+)\/(trades\/latest|quotes\/latest|bars)$/.exec(path);
    if (stock && stock[1] === UNDERLYING) {
      const t = new Date(this.now()).toISOString();
      if (stock[2] === 'trades/latest') return { status: 200, body: { symbol: UNDERLYING, trade: { t, x: 'V', p: SPOT, s: 100, c: ['@'], i: 1, z: 'B' } } };
      if (stock[2] === 'quotes/latest') return { status: 200, body: { symbol: UNDERLYING, quote: { t, ax: 'V', ap: SPOT + 0.01, as: 2, bx: 'V', bp: SPOT - 0.01, bs: 3, c: ['R'], z: 'B' } } };
      return this.barsPage(q);
    }
    if (stock) return { status: 200, body: { symbol: stock[1], trade: null, quote: null, bars: null } };
    return { status: 404, body: { code: 40410000, message: `no route ${path}` } };
  }

  private contractsPage(q: URLSearchParams): Answer {
    const today = easternDay(this.now());
    const nextSaturday = formatDay(today + ((6 - ((today + 4) % 7) + 7) % 7 || 7));
    const lte = q.get('expiration_date_lte') ?? nextSaturday;
    const gte = q.get('expiration_date_gte') ?? '0000-00-00';
    const exact = q.get('expiration_date');
    const underlyings = (q.get('underlying_symbols') ?? '').split(',');
    const matching = this.contracts.filter((c) => underlyings.includes(UNDERLYING) && c.expiry <= lte && c.expiry >= gte && (exact === null || c.expiry === exact));
    const { items, next } = page(matching, q, this.contractPageSize, 100);
    return {
      status: 200,
      body: {
        option_contracts: items.map((c) => ({
          id: `id-${c.symbol}`,
          symbol: c.symbol,
          name: c.symbol,
          status: 'active',
          tradable: true,
          expiration_date: c.expiry,
          root_symbol: c.root,
          underlying_symbol: UNDERLYING,
          underlying_asset_id: 'asset-SPY',
          type: c.type,
          style: 'american',
          strike_price: String(c.strike),
          multiplier: '100',
          size: c.size,
          open_interest: String(100 + c.strike),
          open_interest_date: formatDay(today - 1),
        })),
        next_page_token: next,
      },
    };
  }

  private snapshotsPage(q: URLSearchParams): Answer {
    const exact = q.get('expiration_date');
    const first = this.expiries[0]!;
    const matching = this.contracts.filter((c) => exact === null || c.expiry === exact);
    const { items, next } = page(matching, q, this.snapshotPageSize, 100);
    const t = new Date(this.now() - 1000).toISOString();
    const snapshots: Record<string, Json> = {};
    for (const c of items) {
      const volatility = volatilityAt(c.strike);
      const v = priceOption({ type: c.type, spot: SPOT, strike: c.strike, years: this.years(c.expiry), rate: RATE, dividendYield: 0, volatility });
      const spread = Math.min(0.1, v.price);
      let quote: Json | undefined = { t, bp: v.price - spread / 2, bs: 10, bx: 'C', ap: v.price + spread / 2, as: 10, ax: 'C', c: 'A' };
      if (c.expiry === first && c.type === 'call' && c.strike === 545) quote = { t, bp: v.price + 0.2, ap: v.price - 0.2 };
      if (c.expiry === first && c.type === 'put' && c.strike === 450) quote = undefined;
      const bare = BARE_STRIKES.has(c.strike);
      snapshots[c.symbol] = {
        ...(quote ? { latestQuote: quote } : {}),
        latestTrade: { t, x: 'C', p: Math.round(v.price * 100) / 100, s: 1, c: 'I' },
        dailyBar: { t, o: 1, h: 1, l: 1, c: 1, v: 7, n: 3, vw: 1 },
        ...(bare ? {} : { impliedVolatility: volatility, greeks: { delta: v.delta, gamma: v.gamma, theta: v.theta / 365, vega: v.vega / 100, rho: v.rho / 100 } }),
      };
    }
    return { status: 200, body: { snapshots, next_page_token: next } };
  }

  private corporateActionsPage(q: URLSearchParams): Answer {
    const limit = Number(q.get('limit') ?? 100);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return { status: 400, body: { code: 40010001, message: 'invalid limit' } };
    const today = formatDay(easternDay(this.now()));
    const [start, end] = [q.get('start') ?? today, q.get('end') ?? today];
    const symbols = (q.get('symbols') ?? '').split(',');
    const types = q.get('types')?.split(',');
    const matching = this.cashDividends
      .filter((d) => symbols.includes(d.symbol) && (types === undefined || types.includes('cash_dividend')) && d.payableDate >= start && d.payableDate <= end)
      .sort((a, b) => (a.payableDate < b.payableDate ? -1 : a.payableDate > b.payableDate ? 1 : 0));
    if (q.get('sort') === 'desc') matching.reverse();
    const { items, next } = page(matching, q, this.corporateActionPageSize, 100);
    const cashDividends = items.map((d) => ({
      id: `ca-${d.symbol}-${d.exDate}${d.special === true ? '-special' : ''}`,
      symbol: d.symbol,
      cusip: '78462F103',
      rate: d.rate,
      special: d.special ?? false,
      foreign: false,
      process_date: d.payableDate,
      ex_date: d.exDate,
      record_date: d.exDate,
      payable_date: d.payableDate,
    }));
    return { status: 200, body: { corporate_actions: cashDividends.length === 0 ? {} : { cash_dividends: cashDividends }, next_page_token: next } };
  }

  private barsPage(q: URLSearchParams): Answer {
    const start = Date.parse(`${q.get('start') ?? '2000-01-01'}T00:00:00Z`) / DAY_MS;
    const end = Math.min(Date.parse(`${q.get('end') ?? '2100-01-01'}T00:00:00Z`) / DAY_MS, easternDay(this.now()));
    const bars: Json[] = [];
    for (let day = start; day <= end; day++) {
      if (!isSession(day)) continue;
      const close = closeOn(day);
      const open = closeOn(day - 1) * (1 + 0.002 * Math.sin(day));
      const high = Math.max(open, close) * (1 + 0.003 + 0.002 * Math.abs(Math.cos(day)));
      const low = Math.min(open, close) * (1 - 0.003 - 0.002 * Math.abs(Math.sin(day)));
      // Alpaca stamps a daily bar at midnight New York: 05:00Z in winter, 04:00Z in summer.
      bars.push({ t: new Date(easternTime(day, 0)).toISOString().replace('.000', ''), o: open, h: high, l: low, c: close, v: 1_000_000 + (day % 7) * 1000, n: 5000, vw: (open + high + low + close) / 4 });
    }
    const { items, next } = page(bars, q, this.barPageSize, 1000);
    return { status: 200, body: { symbol: UNDERLYING, bars: items, next_page_token: next } };
  }
}

/** One page of `all` from the `page_token` offset, `min(limit, pageSize)` long. */
function page<T>(all: readonly T[], q: URLSearchParams, pageSize: number, defaultLimit: number): { items: T[]; next: string | null } {
  const token = q.get('page_token');
  const offset = token === null ? 0 : Number(Buffer.from(token, 'base64').toString('utf8'));
  const size = Math.min(Number(q.get('limit') ?? defaultLimit), pageSize);
  const items = all.slice(offset, offset + size);
  const nextOffset = offset + size;
  return { items, next: nextOffset < all.length ? Buffer.from(String(nextOffset)).toString('base64') : null };
}
