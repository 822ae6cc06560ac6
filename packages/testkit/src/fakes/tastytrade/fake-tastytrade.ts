import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { balancesJson, tradingStatusJson, type FakeAccountSpec } from './fake-tastytrade-accounts.js';
import { answerData, answerRefusal, readBody, type Answer } from './fake-tastytrade-answers.js';
import { FakeBook, type PlaceOptions } from './fake-tastytrade-book.js';
import { ScriptedFaults, type Match } from './fake-tastytrade-faults.js';
import { FakeRefreshGrant, type BearerState } from './fake-tastytrade-grant.js';
import { accountItems, listedPositions, liveOrders, searchOrders } from './fake-tastytrade-listings.js';
import { FakeMarket } from './fake-tastytrade-market.js';
import { isRefusal, readOrderRequest, readReplaceRequest, refuse, WORKING } from './fake-tastytrade-orders.js';
import { orderJson } from './fake-tastytrade-placed-order.js';
import { FakeQuotes } from './fake-tastytrade-quotes.js';
import { LoopbackServer } from '../loopback-server.js';
import { DEFAULT_CANDLE_SPECS, FakeDxlink, type FakeDxlinkOptions } from './dxlink/fake-dxlink.js';

/** One request the fake received. Secrets are never recorded: only the state of the bearer token. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly userAgent: string | null;
  readonly acceptVersion: string | null;
  readonly auth: BearerState;
}

export interface FakeTastytradeOptions {
  /** Epoch milliseconds: token expiry, order times, the trading date. Default the system clock. */
  readonly now?: () => number;
  readonly clientSecret?: string;
  readonly refreshToken?: string;
  readonly accounts?: readonly FakeAccountSpec[];
  /** Underlying prices (default SPY 605, QQQ 520, IWM 210, AAPL 230). */
  readonly prices?: Readonly<Record<string, number>>;
  /** The sandbox's gaps: market data, market metrics and symbol search answer 502. */
  readonly sandbox?: boolean;
  /** The DXLink quote streamer behind `GET /api-quote-tokens` (its clock is the fake's). */
  readonly dxlink?: Omit<FakeDxlinkOptions, 'now'>;
}

/** The oldest order-api version, served when a request names none. */
const OLDEST_VERSION = '20250813';
const USER_AGENT = /^[^\s/]+\/[^\s/]+/;

export const DEFAULT_ACCOUNTS: readonly FakeAccountSpec[] = [
  { accountNumber: '5WT00001', nickname: 'Main', accountType: 'Individual', marginOrCash: 'Margin', optionsLevel: 'No Restrictions', buyingPower: 100_000 },
  { accountNumber: '5WT00002', nickname: 'Retirement', accountType: 'Roth IRA', marginOrCash: 'Cash', optionsLevel: 'Covered And Secured', buyingPower: 25_000 },
  { accountNumber: '5WT00009', nickname: 'Old', accountType: 'Individual', closed: true },
];

/**
 * A local stand-in for tastytrade's Open API, written from its documentation (see the adapter's reference
 * notes): `{data, context}` envelopes with dasherized keys, `{error: {code, message, errors}}` bodies, the
 * refresh grant at `POST /oauth/token` (15-minute bearer tokens on an injectable clock, revocable grant),
 * `User-Agent: <product>/<version>` demanded on every request, accounts, balances, positions, nested chains,
 * by-type quotes, market metrics and equity instruments (fake-tastytrade-quotes.ts), dry runs with their
 * arithmetic, and orders through their lifecycle (partial fills, lagging leg fills, cancel and replace races,
 * strict position effect; a replace answers the new order at top-level `data`). Faults are scripted: 429 (no headers, as tastytrade sends), 5xx, slow answers.
 */
export class FakeTastytrade {
  readonly clientSecret: string;
  readonly refreshToken: string;
  readonly requests: RecordedRequest[] = [];
  readonly market: FakeMarket;
  /** By-type quotes, market metrics, historic corporate events and equity instruments. */
  readonly quotes: FakeQuotes;
  readonly book: FakeBook;
  /** The quote streamer: daily candles over DXLink, with the tokens `GET /api-quote-tokens` hands out. */
  readonly dxlink: FakeDxlink;
  /** While false, orders wait as `Received` and dry runs warn that they will work next session. */
  marketOpen = true;
  private readonly now: () => number;
  private readonly sandbox: boolean;
  private readonly grant: FakeRefreshGrant;
  private readonly loopback = new LoopbackServer((req, res) => void this.handle(req, res));
  private readonly faults = new ScriptedFaults();
  private nextPlacement: Omit<PlaceOptions, 'marketOpen'> = {};
  private nextCancel: 'fill-first' | 'fill-during' | null = null;
  private nextReplace: 'fill-first' | 'fill-during' | null = null;

  constructor(options: FakeTastytradeOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.clientSecret = options.clientSecret ?? `cs_${randomBytes(16).toString('hex')}`;
    this.refreshToken = options.refreshToken ?? `rt.${randomBytes(96).toString('base64url')}`;
    this.grant = new FakeRefreshGrant(this.clientSecret, this.refreshToken, this.now);
    this.sandbox = options.sandbox ?? false;
    this.market = new FakeMarket(this.now, options.prices);
    this.quotes = new FakeQuotes(this.market, this.now);
    this.book = new FakeBook(this.market, this.now, options.accounts ?? DEFAULT_ACCOUNTS);
    this.dxlink = new FakeDxlink({ now: this.now, symbols: candleSpecs(options.prices), ...options.dxlink });
  }

  /** Access tokens minted by the refresh grant. */
  get tokenRefreshes(): number {
    return this.grant.refreshes;
  }

  /** Every access token minted, for tests that check none is ever repeated to a person. */
  get issuedAccessTokens(): string[] {
    return this.grant.issuedAccessTokens;
  }

  /** Listens on 127.0.0.1, free ports (REST and DXLink); answers the REST base URL. */
  async start(): Promise<string> {
    await this.dxlink.start();
    return this.loopback.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.loopback.stop(), this.dxlink.stop()]);
  }

  /** The grant is revoked: refreshes are refused; with `accessTokens`, the tokens already minted stop working too. */
  revokeGrant(options: { readonly accessTokens?: boolean } = {}): void {
    this.grant.revoke(options.accessTokens === true);
  }

  /** Every access token minted so far stops working (tastytrade restarted, or a token revoked early); the grant stands. */
  invalidateAccessTokens(): void {
    this.grant.invalidateAccessTokens();
  }

  /** The next matching request answers 429 with no rate-limit header. */
  rateLimitNext(match: Match = {}): void {
    this.faults.script({ ...match, status: 429, body: { error: { code: 'too_many_requests', message: 'Too many requests' } }, afterHandling: false });
  }

  /**
   * The next `times` matching requests answer `status` (500 with a support id by default). With `afterHandling`
   * the request is handled first (an order is placed) and only the answer is lost.
   */
  failNext(status = 500, options: Match & { readonly times?: number; readonly message?: string; readonly afterHandling?: boolean } = {}): void {
    const body = { error: { code: 'internal_server_error', message: options.message ?? `Internal server error (support id ${randomBytes(4).toString('hex')})` } };
    for (let i = 0; i < (options.times ?? 1); i++) this.faults.script({ ...options, status, body, afterHandling: options.afterHandling ?? false });
  }

  /** The next matching request answers `status` with a message that repeats its Authorization header and body. */
  echoNext(status: number, match: Match = {}): void {
    this.faults.script({ ...match, status, body: null, afterHandling: false, echo: true });
  }

  /** The next matching request is handled at once (an order still placed) but answered only after `ms`. */
  delayNext(ms: number, match: Match = {}): void {
    this.faults.delay({ ...match, ms });
  }

  /** The next marketable order fills only `units` now and stays `Live` with the rest remaining. */
  partialFillNext(units: number): void {
    this.nextPlacement = { ...this.nextPlacement, fillUnits: units };
  }

  /** The next order that fills turns `Filled` on its first leg; the other legs' fills show from the request after next. */
  lagLegFillsNext(): void {
    this.nextPlacement = { ...this.nextPlacement, lagLegs: true };
  }

  /**
   * The next cancel meets a fill: `fill-first` fills before the DELETE is seen (422 `cannot_update_order`);
   * `fill-during` accepts it (`Cancel Requested`) and then fills instead, from the request after next.
   */
  cancelRaceNext(kind: 'fill-first' | 'fill-during'): void {
    this.nextCancel = kind;
  }

  /**
   * The next replace meets a fill of the original: `fill-first` fills it before the PUT is seen (422
   * `cannot_update_order`); `fill-during` answers the replacement (`Contingent`), then the original fills instead
   * of being cancelled, from the request after next, which aborts the replacement.
   */
  replaceRaceNext(kind: 'fill-first' | 'fill-during'): void {
    this.nextReplace = kind;
  }

  /** Fills `units` more (default all that remain) of a working order. */
  fill(orderId: string | number, units?: number): void {
    const order = this.book.orders.find((o) => o.id === Number(orderId));
    if (!order) throw new Error(`no order ${String(orderId)}`);
    this.book.fill(order, units ?? Math.max(...order.legs.map((l) => l.remaining)), false);
  }

  /** The session closes: working day orders expire. */
  closeSession(): void {
    this.book.expireDayOrders();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const method = req.method ?? 'GET';
    const header = (name: string): string | null => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const bearer = /^Bearer (.+)$/.exec(header('authorization') ?? '')?.[1] ?? null;
    const auth = this.grant.bearerState(bearer);
    this.requests.push({ method, path: url.pathname, query: url.searchParams, body, userAgent: header('user-agent'), acceptVersion: header('accept-version'), auth });

    const delay = this.faults.takeDelay(method, url.pathname);
    const script = this.faults.takeScript(method, url.pathname);
    let answer: Answer;
    if (script?.echo === true) answer = { status: script.status, body: { error: { code: 'internal_server_error', message: `could not process ${header('authorization') ?? ''} ${raw}` } } };
    else if (script && !script.afterHandling) answer = script;
    else {
      answer = this.answer(method, url, body, { userAgent: header('user-agent'), version: header('accept-version'), auth });
      if (script) answer = script;
    }
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    if (res.destroyed) return;
    res.writeHead(answer.status, answer.body === null ? {} : { 'Content-Type': 'application/json' });
    res.end(answer.body === null ? undefined : JSON.stringify(answer.body));
  }

  private answer(method: string, url: URL, body: unknown, request: { userAgent: string | null; version: string | null; auth: RecordedRequest['auth'] }): Answer {
    if (request.userAgent === null || !USER_AGENT.test(request.userAgent)) return answerRefusal(refuse(401, 'unauthorized', 'A User-Agent of the form <product>/<version> is required'));
    if (request.version !== null && (!/^\d{8}$/.test(request.version) || request.version < OLDEST_VERSION)) {
      return { status: 406, body: { error: { code: 406, message: 'The requested version is not supported.' } } };
    }
    if (url.pathname === '/oauth/token') return method === 'POST' ? this.grant.token(body) : answerRefusal(refuse(404, 'not_found', 'Not found'));
    if (request.auth !== 'valid') return answerRefusal(refuse(401, 'unauthorized', request.auth === 'expired' ? 'The access token has expired' : 'A valid access token is required'));
    this.book.settle();
    return this.route(method, url, body, request.version ?? OLDEST_VERSION);
  }

  private route(method: string, url: URL, body: unknown, version: string): Answer {
    const path = url.pathname;
    const query = url.searchParams;
    if (this.sandbox && /^\/(market-metrics|market-data|symbols\/search)/.test(path)) return { status: 502, body: { error: { code: 'bad_gateway', message: 'Bad Gateway' } } };
    if (method === 'GET' && path === '/api-quote-tokens') return answerData(path, this.dxlink.issueToken(this.sandbox ? 'demo' : 'api'));
    const market = this.quotes.answer(method, path, query);
    if (market) return isRefusal(market) ? answerRefusal(market) : answerData(path, market.data);
    if (method === 'GET' && path === '/customers/me/accounts') return answerData(path, { items: accountItems(this.book) });
    if (/^\/customers\/[^/]+\/accounts$/.test(path)) return answerRefusal(refuse(403, 'not_permitted', 'Only "me" is accepted as the customer id'));
    const chain = /^\/option-chains\/([^/]+)\/nested$/.exec(path);
    if (method === 'GET' && chain) {
      const nested = this.market.nestedChain(decodeURIComponent(chain[1] ?? ''));
      return nested ? answerData(path, nested) : answerRefusal(refuse(404, 'not_found', 'Underlying not found'));
    }
    const account = /^\/accounts\/([^/]+)(\/.*)$/.exec(path);
    if (!account) return answerRefusal(refuse(404, 'not_found', 'Not found'));
    const number = decodeURIComponent(account[1] ?? '');
    const rest = account[2] ?? '';
    const held = this.book.accounts.get(number);
    if (!held || held.spec.closed) return answerRefusal(refuse(404, 'not_found', `Account ${number} not found`));
    if (method === 'GET' && (rest === '/balances/USD' || rest === '/balances')) return answerData(path, balancesJson(held, this.market, this.now));
    if (method === 'GET' && rest === '/trading-status') return answerData(path, tradingStatusJson(held, this.now));
    if (method === 'GET' && rest === '/positions') return answerData(path, { items: listedPositions(this.book, this.market, number, query) });
    if (method === 'POST' && rest === '/orders/dry-run') {
      const request = readOrderRequest(body, this.market);
      return isRefusal(request) ? answerRefusal(request) : answerData(path, this.book.dryRun(number, request, this.marketOpen));
    }
    if (method === 'POST' && rest === '/orders') return this.place(path, number, body);
    if (method === 'GET' && rest === '/orders/live') return answerData(path, { items: liveOrders(this.book, this.market, number, query) });
    if (method === 'GET' && rest === '/orders') return searchOrders(this.book, { path, account: number, query, version });
    const single = /^\/orders\/([^/]+)$/.exec(rest);
    const order = single ? this.book.orders.find((o) => o.account === number && String(o.id) === decodeURIComponent(single[1] ?? '')) : undefined;
    if (single && !order) return answerRefusal(refuse(404, 'not_found', 'Order not found'));
    if (order && method === 'GET') return answerData(path, orderJson(order));
    if (order && method === 'DELETE') {
      const race = this.nextCancel;
      this.nextCancel = null;
      if (race === 'fill-first' && WORKING.has(order.status)) this.book.fill(order, Math.max(...order.legs.map((l) => l.remaining)), false);
      const cancelled = this.book.requestCancel(order, race === 'fill-during');
      return isRefusal(cancelled) ? answerRefusal(cancelled) : answerData(path, cancelled);
    }
    if (order && method === 'PUT') {
      const race = this.nextReplace;
      this.nextReplace = null;
      if (race === 'fill-first' && WORKING.has(order.status)) this.book.fill(order, Math.max(...order.legs.map((l) => l.remaining)), false);
      const change = readReplaceRequest(body);
      if (isRefusal(change)) return answerRefusal(change);
      const replacement = this.book.requestReplace(order, change, race === 'fill-during');
      return isRefusal(replacement) ? answerRefusal(replacement) : answerData(path, replacement);
    }
    return answerRefusal(refuse(404, 'not_found', 'Not found'));
  }

  private place(path: string, account: string, body: unknown): Answer {
    const request = readOrderRequest(body, this.market);
    if (isRefusal(request)) return answerRefusal(request);
    const options = { marketOpen: this.marketOpen, ...this.nextPlacement };
    this.nextPlacement = {};
    const placed = this.book.place(account, request, options);
    if (isRefusal(placed)) return answerRefusal(placed);
    return { status: 201, body: { data: placed.answer, context: path } };
  }
}

/** A daily history for each priced symbol: the default ones as they are, another at its price with a 25 % IV. */
function candleSpecs(prices: Readonly<Record<string, number>> | undefined): NonNullable<FakeDxlinkOptions['symbols']> {
  if (prices === undefined) return DEFAULT_CANDLE_SPECS;
  return Object.fromEntries(Object.entries(prices).map(([symbol, price]) => [symbol, { price, iv: DEFAULT_CANDLE_SPECS[symbol]?.iv ?? 0.25 }]));
}
