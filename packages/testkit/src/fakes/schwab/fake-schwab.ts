import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from '../loopback-server.js';
import { readBody } from '../tastytrade/fake-tastytrade-answers.js';
import { ScriptedFaults, type Match } from '../tastytrade/fake-tastytrade-faults.js';
import { FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import { FakeSchwabBook } from './fake-schwab-book.js';
import { DEFAULT_SCHWAB_ACCOUNTS, type BookAccount, type BookOrder, type FakeSchwabAccountSpec } from './fake-schwab-book-records.js';
import { FakeSchwabMarket } from './fake-schwab-market.js';
import type { FakeDividendSpec } from './fake-schwab-quotes.js';
import { FakeSchwabOAuth, type BearerState, type SchwabAnswer } from './fake-schwab-oauth.js';
import { isRefusal, readOrderRequest, type Refusal } from './fake-schwab-orders.js';

/** One request the fake received. Secrets are never recorded: only the state of the bearer token. */
export interface SchwabRecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /** The JSON body of a Trader API call; null for the OAuth forms (they carry secrets) and for none. */
  readonly body: unknown;
  readonly auth: BearerState;
}

export interface FakeSchwabOptions {
  /** Epoch milliseconds: token lifetimes, order times, the trading date. Default the system clock. */
  readonly now?: () => number;
  readonly appKey?: string;
  readonly appSecret?: string;
  /** The registered callback URL, matched byte for byte (default `https://127.0.0.1:8182/broker-keys/schwab/callback`). */
  readonly callbackUrl?: string;
  readonly accounts?: readonly FakeSchwabAccountSpec[];
  /** Underlying prices (default SPY 605, QQQ 520, IWM 210, AAPL 230). */
  readonly prices?: Readonly<Record<string, number>>;
  readonly dividends?: Readonly<Record<string, FakeDividendSpec>>;
}

/**
 * A local stand-in for Schwab's Trader API and its OAuth pages on one loopback origin, written from
 * `shared/reference/schwab.md`: the authorize page and the token endpoint (HTTP Basic, 30-minute access tokens,
 * 7-day refresh tokens never renewed), `/trader/v1` (account numbers → hash values, accounts with positions,
 * orders placed with 201 and a `Location` header, replaced under a new id, cancelled, previewed, listed by entered
 * time) and `/marketdata/v1` (quotes, chains, expiration chain, daily price history, market hours). A stale or
 * unknown bearer token answers 401 in each API's error form. Faults are scripted: 429, 5xx, an answer never sent.
 */
export class FakeSchwab {
  readonly appKey: string;
  readonly appSecret: string;
  readonly callbackUrl: string;
  readonly oauth: FakeSchwabOAuth;
  readonly market: FakeMarket;
  readonly quotes: FakeSchwabMarket;
  readonly book: FakeSchwabBook;
  readonly requests: SchwabRecordedRequest[] = [];
  /** While false, orders are taken but nothing fills. */
  marketOpen = true;
  private readonly now: () => number;
  private readonly loopback = new LoopbackServer((req, res) => void this.handle(req, res));
  private readonly faults = new ScriptedFaults();
  private readonly silences: Match[] = [];
  private nextPlacement: { fillQuantity?: number; rejectReason?: string } = {};
  private nextReplace: 'fill-during' | null = null;
  private origin = '';

  constructor(options: FakeSchwabOptions = {}) {
    this.now = options.now ?? (() => Date.now());
    this.appKey = options.appKey ?? `fakeAppKey${randomBytes(11).toString('hex')}`;
    this.appSecret = options.appSecret ?? `fakeSecret${randomBytes(6).toString('hex')}`;
    this.callbackUrl = options.callbackUrl ?? 'https://127.0.0.1:8182/broker-keys/schwab/callback';
    this.oauth = new FakeSchwabOAuth({ appKey: this.appKey, appSecret: this.appSecret, callbackUrl: this.callbackUrl }, this.now);
    this.market = new FakeMarket(this.now, options.prices);
    this.quotes = new FakeSchwabMarket(this.market, this.now, options.dividends);
    this.book = new FakeSchwabBook(this.market, this.now, options.accounts ?? DEFAULT_SCHWAB_ACCOUNTS);
  }

  /** Listens on 127.0.0.1, a free port; answers the origin that replaces `https://api.schwabapi.com`. */
  async start(): Promise<string> {
    this.origin = await this.loopback.start();
    return this.origin;
  }

  async stop(): Promise<void> {
    await this.loopback.stop();
  }

  /** The hash value of an account number, as `accountNumbers` lists it. */
  hashOf(accountNumber: string): string {
    const account = [...this.book.accounts.values()].find((a) => a.spec.accountNumber === accountNumber);
    if (!account) throw new Error(`no account ${accountNumber}`);
    return account.hashValue;
  }

  /** The next matching request answers 429 (Schwab's body and headers for it are not documented; none are sent). */
  rateLimitNext(match: Match = {}): void {
    this.faults.script({ ...match, status: 429, body: { message: 'Too Many Requests' }, afterHandling: false });
  }

  /** The next `times` matching requests answer `status` (500 by default); with `afterHandling` the request is handled first. */
  failNext(status = 500, options: Match & { readonly times?: number; readonly afterHandling?: boolean } = {}): void {
    const body = { message: 'Internal Server Error', errors: [`correlation ${randomBytes(4).toString('hex')}`] };
    for (let i = 0; i < (options.times ?? 1); i++) this.faults.script({ ...options, status, body, afterHandling: options.afterHandling ?? false });
  }

  /** The next matching request is handled (an order placed) and then the connection is dropped without an answer. */
  silenceNext(match: Match = {}): void {
    this.silences.push(match);
  }

  /** The next matching request is handled at once (an order placed) and its answer held back `ms` (a slow answer, or a caller killed meanwhile). */
  delayNext(ms: number, match: Match = {}): void {
    this.faults.delay({ ...match, ms });
  }

  /** The next marketable order fills only `quantity` spreads now and stays `WORKING` with the rest. */
  partialFillNext(quantity: number): void {
    this.nextPlacement = { ...this.nextPlacement, fillQuantity: quantity };
  }

  /** The next order placed is taken (201) and then `REJECTED` with this reason, as Schwab rejects after routing. */
  rejectNext(reason: string): void {
    this.nextPlacement = { ...this.nextPlacement, rejectReason: reason };
  }

  /** The next replace is taken (201), then the original fills instead of being replaced, and the replacement is rejected. */
  replaceRaceNext(kind: 'fill-during'): void {
    this.nextReplace = kind;
  }

  /** Fills `quantity` more spreads (default all that remain) of a working order. */
  fill(orderId: string | number, quantity?: number): void {
    const order = this.order(orderId);
    this.book.fill(order, quantity ?? order.request.quantity - order.filledQuantity);
  }

  /** The session closes: working day orders expire. */
  closeSession(): void {
    this.book.expireDayOrders();
  }

  order(orderId: string | number): BookOrder {
    const order = this.book.orders.find((o) => o.orderId === Number(orderId));
    if (!order) throw new Error(`no order ${String(orderId)}`);
    return order;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const header = (name: string): string | null => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const bearer = /^Bearer (.+)$/.exec(header('authorization') ?? '')?.[1] ?? null;
    const auth = this.oauth.bearerState(bearer);
    const isForm = url.pathname.startsWith('/v1/oauth/');
    const body = isForm ? null : parseJson(raw);
    this.requests.push({ method, path: url.pathname, query: url.searchParams, body, auth });

    const script = this.faults.takeScript(method, url.pathname);
    const silence = takeMatch(this.silences, method, url.pathname);
    const delay = this.faults.takeDelay(method, url.pathname);
    let answer: SchwabAnswer;
    if (script && !script.afterHandling) answer = { status: script.status, body: script.body };
    else {
      answer = this.answer(method, url, isForm ? raw : body, { auth, authorization: header('authorization') });
      if (script) answer = { status: script.status, body: script.body };
    }
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    if (silence || res.destroyed) {
      res.destroy();
      return;
    }
    const headers: Record<string, string> = { 'Schwab-Client-CorrelId': randomBytes(8).toString('hex'), ...answer.headers };
    if (answer.body !== null && typeof answer.body !== 'string') headers['Content-Type'] = 'application/json';
    res.writeHead(answer.status, headers);
    res.end(answer.body === null ? undefined : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  }

  private answer(method: string, url: URL, body: unknown, request: { readonly auth: BearerState; readonly authorization: string | null }): SchwabAnswer {
    const path = url.pathname;
    if (path === '/v1/oauth/authorize') return method === 'GET' ? this.oauth.authorizePage(url.searchParams) : this.oauth.login(new URLSearchParams(String(body)));
    if (path === '/v1/oauth/token' && method === 'POST') return this.oauth.token(request.authorization, new URLSearchParams(String(body)));
    const marketData = path.startsWith('/marketdata/v1/');
    if (request.auth !== 'valid') {
      return marketData
        ? { status: 401, body: { errors: [{ id: randomBytes(8).toString('hex'), status: 401, title: 'Unauthorized', detail: 'Client not authorized' }] } }
        : { status: 401, body: { message: 'The authorization token is invalid or there are no accounts the caller is allowed to view or use for trading that are registered with the provided third party application.', errors: [] } };
    }
    this.book.settle();
    if (marketData) return this.quotes.answer(method, path, url.searchParams) ?? notFound();
    if (path.startsWith('/trader/v1/')) return this.trader(method, path.slice('/trader/v1'.length), url.searchParams, body);
    return notFound();
  }

  private trader(method: string, path: string, query: URLSearchParams, body: unknown): SchwabAnswer {
    if (method === 'GET' && path === '/accounts/accountNumbers') {
      return { status: 200, body: [...this.book.accounts.values()].map((a) => ({ accountNumber: a.spec.accountNumber, hashValue: a.hashValue })) };
    }
    const match = /^\/accounts\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) return notFound();
    const account = this.book.accounts.get(decodeURIComponent(match[1] ?? ''));
    // A plain account number, or a hash of another login, is not an account this token may use.
    if (!account) return { status: 401, body: { message: 'The account is not one the caller is allowed to view or use for trading with this application.', errors: [] } };
    const rest = match[2] ?? '';
    const listed = (c: Parameters<FakeMarket['listed']>[0]): boolean => this.market.listed(c);
    if (method === 'GET' && rest === '') return { status: 200, body: this.book.accountJson(account, (query.get('fields') ?? '').split(',').includes('positions')) };
    if (method === 'POST' && rest === '/previewOrder') {
      const request = readOrderRequest(body, listed);
      return isRefusal(request) ? refusal(request) : { status: 200, body: this.book.preview(account, request) };
    }
    if (method === 'POST' && rest === '/orders') return this.place(account, body);
    if (method === 'GET' && rest === '/orders') return this.list(account, query);
    const single = /^\/orders\/(\d+)$/.exec(rest);
    const order = single ? this.book.orders.find((o) => o.account === account && String(o.orderId) === single[1]) : undefined;
    if (!order) return single ? { status: 404, body: { message: 'Order not found', errors: [] } } : notFound();
    if (method === 'GET') return { status: 200, body: this.book.orderJson(order) };
    if (method === 'DELETE') {
      const refused = this.book.cancel(order);
      return refused === null ? { status: 200, body: null } : refusal(refused);
    }
    if (method === 'PUT') {
      const request = readOrderRequest(body, listed);
      if (isRefusal(request)) return refusal(request);
      const race = this.nextReplace;
      this.nextReplace = null;
      const replacement = this.book.replace(order, request, race === 'fill-during');
      return isRefusal(replacement) ? refusal(replacement) : this.created(account, replacement);
    }
    return notFound();
  }

  private place(account: BookAccount, body: unknown): SchwabAnswer {
    const request = readOrderRequest(body, (c) => this.market.listed(c));
    if (isRefusal(request)) return refusal(request);
    const options = { marketOpen: this.marketOpen, ...this.nextPlacement };
    this.nextPlacement = {};
    const placed = this.book.place(account, request, options);
    return isRefusal(placed) ? refusal(placed) : this.created(account, placed);
  }

  /** 201, an empty body, and the new order's address in `Location`. */
  private created(account: BookAccount, order: BookOrder): SchwabAnswer {
    return { status: 201, headers: { Location: `${this.origin}/trader/v1/accounts/${account.hashValue}/orders/${String(order.orderId)}` }, body: null };
  }

  /** `GET …/orders?fromEnteredTime&toEnteredTime[&status][&maxResults]`: both times required, newest first. */
  private list(account: BookAccount, query: URLSearchParams): SchwabAnswer {
    const from = Date.parse(query.get('fromEnteredTime') ?? '');
    const to = Date.parse(query.get('toEnteredTime') ?? '');
    if (!Number.isFinite(from) || !Number.isFinite(to)) return { status: 400, body: { message: 'fromEnteredTime and toEnteredTime are required', errors: [] } };
    const status = query.get('status');
    const max = Number(query.get('maxResults') ?? 3000);
    const orders = this.book.orders
      .filter((o) => o.account === account && o.enteredTime >= from && o.enteredTime <= to && (status === null || o.status === status))
      .sort((a, b) => b.enteredTime - a.enteredTime || b.orderId - a.orderId)
      .slice(0, max);
    return { status: 200, body: orders.map((o) => this.book.orderJson(o)) };
  }
}

const notFound = (): SchwabAnswer => ({ status: 404, body: { message: 'Not Found', errors: [] } });
const refusal = (r: Refusal): SchwabAnswer => ({ status: r.status, body: { message: r.message, errors: r.errors } });

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function takeMatch(queue: Match[], method: string, path: string): boolean {
  const index = queue.findIndex((m) => (m.method === undefined || m.method === method) && (m.path === undefined || (typeof m.path === 'string' ? path.includes(m.path) : m.path.test(path))));
  if (index < 0) return false;
  queue.splice(index, 1);
  return true;
}
