import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from '@condor/testkit';
import { AlpacaMarketAnswers, type ServedMarket } from './alpaca-market-answers.js';
import { keyPairOf, type FakeKeyPair } from './fake-key-pairs.js';

/** One request the fake received (keys are never recorded, only whether they matched). */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly authorized: boolean;
  /** The label of the key pair it was sent with (`default` for `apiKey`/`apiSecret`); absent when none matched. */
  readonly keyPair?: string;
}

interface Leg {
  symbol: string;
  side: 'buy' | 'sell';
  position_intent: string;
  ratio_qty: string;
  price: number;
}

interface Order {
  id: string;
  client_order_id: string;
  status: string;
  qty: number;
  filled_qty: number;
  limit_price: string;
  filled_avg_price: string | null;
  submitted_at: string;
  legs: Leg[];
  replaced_by: string | null;
  replaced_at: string | null;
  replaces: string | null;
}

interface Holding {
  qty: number;
  avgPrice: number;
}

type Json = Record<string, unknown>;

export interface FakeAlpacaOptions {
  readonly apiKey?: string;
  readonly apiSecret?: string;
  /** Epoch milliseconds, for `submitted_at` and `X-RateLimit-Reset`. */
  readonly now?: () => number;
  readonly optionsTradingLevel?: number;
  readonly optionsBuyingPower?: string;
  /**
   * Opt-in: `GET /v2/assets/{symbol}` and `GET /v2/options/contracts` answered from this market (as the Market Data
   * fake `FakeAlpacaMarket` serves the rest of it), apart from the scripted faults and delays, which stay the trading calls'.
   */
  readonly market?: ServedMarket;
  /** Opt-in: more key pairs accepted besides `apiKey`/`apiSecret` (labelled `default`); all of them trade the one account. */
  readonly keyPairs?: readonly FakeKeyPair[];
}

const WORKING = new Set(['new', 'accepted', 'pending_new', 'partially_filled', 'pending_cancel', 'pending_replace']);
/** The statuses Alpaca replaces an order in; `accepted` and `pending_new` are not yet at the venue. */
const REPLACEABLE = new Set(['new', 'partially_filled']);
const RATE_LIMIT = 200;

/**
 * A local stand-in for Alpaca's Trading API (account, positions, mleg orders, cancels, replaces) with the
 * documented JSON shapes: string money fields, `{code, message}` error bodies, `X-RateLimit-*` headers on every
 * answer. An order fills at once at its limit when the limit is at or above `fillAtOrAbove` (a credit of 2.00 by
 * default), else it keeps working. Faults (429, 5xx, 403 buying power, a slow answer, a fill racing a replace)
 * are scripted.
 */
export class FakeAlpaca {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly requests: RecordedRequest[] = [];
  /** Orders with a limit below this stay working (Alpaca's sign: −2 is a 2.00 credit). */
  fillAtOrAbove = -2;
  /** Positions of other asset classes (stock), listed as given before the option positions. */
  readonly otherPositions: Json[] = [];
  private readonly orders: Order[] = [];
  private readonly holdings = new Map<string, Holding>();
  /** The market's renderer when `market` was given: its `pageSizes` can be changed. */
  readonly marketAnswers: AlpacaMarketAnswers | undefined;
  private readonly now: () => number;
  private readonly pairs: FakeKeyPair[];
  private readonly loopback = new LoopbackServer((req, res) => void this.handle(req, res));
  private scripted: { method: string; status: number; body: Json; headers: Record<string, string> }[] = [];
  private delays: { method: string; ms: number }[] = [];
  private replaceRace: 'fill-first' | 'fill-during' | null = null;

  constructor(private readonly options: FakeAlpacaOptions = {}) {
    this.apiKey = options.apiKey ?? 'PKFAKEKEY0000000001';
    this.apiSecret = options.apiSecret ?? 'fake-secret-0123456789abcdef';
    this.now = options.now ?? (() => Date.now());
    this.pairs = [{ label: 'default', apiKey: this.apiKey, apiSecret: this.apiSecret }, ...(options.keyPairs ?? [])];
    this.marketAnswers = options.market && new AlpacaMarketAnswers(options.market);
  }

  /** Accepts one more key pair from now on (on the one account). */
  addKeyPair(pair: FakeKeyPair): void {
    this.pairs.push(pair);
  }

  /** Listens on 127.0.0.1, a free port; answers the base URL. */
  start(): Promise<string> {
    return this.loopback.start();
  }

  stop(): Promise<void> {
    return this.loopback.stop();
  }

  /** The next `method` request answers 429 with `X-RateLimit-Reset: resetEpochSeconds`. */
  rateLimitNext(method: string, resetEpochSeconds: number): void {
    this.scripted.push({ method, status: 429, body: { code: 42910000, message: 'rate limit exceeded' }, headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(resetEpochSeconds) } });
  }

  /** The next `times` `method` requests answer `status` (a 5xx, or a 403 for the account) with `message`. */
  failNext(method: string, status = 503, times = 1, message = 'internal server error'): void {
    for (let i = 0; i < times; i++) this.scripted.push({ method, status, body: { code: 50010000, message }, headers: {} });
  }

  /** The next order is refused for buying power (403), as Alpaca does. */
  refuseNextOrderForBuyingPower(): void {
    this.scripted.push({ method: 'POST', status: 403, body: { code: 40310000, message: 'insufficient options buying power for order (required: 500, available: 0)' }, headers: {} });
  }

  /**
   * The next replace meets a fill of the order it replaces: `fill-first` fills it before the PATCH is seen (422);
   * `fill-during` answers the new order, but the old one fills before the new one reaches the venue, so the new
   * one is rejected, as Alpaca documents.
   */
  raceNextReplace(kind: 'fill-first' | 'fill-during'): void {
    this.replaceRace = kind;
  }

  /** Puts an order in a status the fake does not reach by itself (`accepted` before the open, `pending_replace`, a partial fill…). */
  setOrderStatus(orderId: string, status: string, filledQty?: number): void {
    const order = this.orders.find((o) => o.id === orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    order.status = status;
    if (filledQty !== undefined) order.filled_qty = filledQty;
  }

  /** The next `method` request is handled (an order still placed) but answered only after `ms`. */
  delayNext(method: string, ms: number): void {
    this.delays.push({ method, ms });
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
    const pair = keyPairOf(this.pairs, req.headers);
    const authorized = pair !== undefined;
    this.requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorized, ...(pair === undefined ? {} : { keyPair: pair.label }) });
    const market = authorized && method === 'GET' && AlpacaMarketAnswers.servesTrading(url.pathname) ? this.marketAnswers : undefined;
    const served = market === undefined ? undefined : await market.trading(url);
    const delay = served === undefined ? this.take(this.delays, method) : undefined;
    const answer = served ?? (authorized ? this.scriptedAnswer(method) ?? this.route(method, url, body) : { status: 401, body: { message: 'unauthorized' } });
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay.ms));
    if (res.destroyed) return;
    res.writeHead(answer.status, {
      'X-RateLimit-Limit': String(RATE_LIMIT),
      'X-RateLimit-Remaining': String(RATE_LIMIT - 1),
      'X-RateLimit-Reset': String(Math.ceil(this.now() / 1000) + 60),
      ...(answer.body === null ? {} : { 'Content-Type': 'application/json' }),
      ...answer.headers,
    });
    res.end(answer.body === null ? undefined : JSON.stringify(answer.body));
  }

  private take<T extends { method: string }>(queue: T[], method: string): T | undefined {
    const index = queue.findIndex((entry) => entry.method === method);
    return index < 0 ? undefined : queue.splice(index, 1)[0];
  }

  private scriptedAnswer(method: string): Answer | undefined {
    const script = this.take(this.scripted, method);
    return script && { status: script.status, body: script.body, headers: script.headers };
  }

  private route(method: string, url: URL, body: unknown): Answer {
    const path = url.pathname;
    if (method === 'GET' && path === '/v2/account') return ok(this.account());
    if (method === 'GET' && path === '/v2/positions') return ok(this.positions());
    if (method === 'GET' && path === '/v2/orders') return ok(this.listOrders(url.searchParams.get('status') ?? 'open'));
    if (method === 'POST' && path === '/v2/orders') return this.place(body);
    if (method === 'GET' && path === '/v2/orders:by_client_order_id') {
      const order = this.orders.find((o) => o.client_order_id === url.searchParams.get('client_order_id'));
      return order ? ok(orderJson(order)) : notFound('order not found');
    }
    const match = /^\/v2\/orders\/([^/]+)$/.exec(path);
    const order = match && this.orders.find((o) => o.id === decodeURIComponent(match[1] ?? ''));
    if (match && method === 'GET') return order ? ok(orderJson(order)) : notFound('order not found');
    if (match && method === 'PATCH') return order ? this.replace(order, body) : notFound('order not found');
    if (match && method === 'DELETE') {
      if (!order) return notFound('order not found');
      if (!WORKING.has(order.status) || order.status === 'pending_replace') return { status: 422, body: { code: 42210000, message: 'order is not cancelable' } };
      order.status = 'canceled';
      return { status: 204, body: null };
    }
    return notFound('endpoint not found');
  }

  private account(): Json {
    return {
      id: '1d9eed04-be39-4e01-9b84-a48ac5bbafcf',
      account_number: 'PA3FAKE0001',
      status: 'ACTIVE',
      currency: 'USD',
      buying_power: '200000',
      options_buying_power: this.options.optionsBuyingPower ?? '100000',
      options_approved_level: this.options.optionsTradingLevel ?? 3,
      options_trading_level: this.options.optionsTradingLevel ?? 3,
      cash: '100000',
      equity: '100000',
      trading_blocked: false,
      account_blocked: false,
      trade_suspended_by_user: false,
    };
  }

  private positions(): Json[] {
    return [...this.otherPositions, ...[...this.holdings].map(([symbol, h]) => ({
      asset_id: randomUUID(),
      symbol,
      exchange: '',
      asset_class: 'us_option',
      avg_entry_price: h.avgPrice.toFixed(2),
      qty: String(h.qty),
      qty_available: String(h.qty),
      side: h.qty < 0 ? 'short' : 'long',
      market_value: (h.qty * h.avgPrice * 100).toFixed(2),
      cost_basis: (h.qty * h.avgPrice * 100).toFixed(2),
      unrealized_pl: '0',
      unrealized_plpc: '0',
      unrealized_intraday_pl: '0',
      unrealized_intraday_plpc: '0',
      current_price: h.avgPrice.toFixed(2),
      lastday_price: h.avgPrice.toFixed(2),
      change_today: '0',
      asset_marginable: false,
    }))];
  }

  private listOrders(status: string): Json[] {
    const chosen = this.orders.filter((o) => status === 'all' || (status === 'open') === WORKING.has(o.status));
    return chosen.reverse().map(orderJson);
  }

  private place(body: unknown): Answer {
    const invalid = (message: string): Answer => ({ status: 422, body: { code: 42210000, message } });
    if (typeof body !== 'object' || body === null) return invalid('invalid body');
    const o = body as Json;
    if (o.order_class !== 'mleg') return invalid('order_class must be mleg');
    if (o.type !== 'limit' || typeof o.limit_price !== 'string' || !/^-?\d+\.\d{2}$/.test(o.limit_price)) return invalid('invalid limit_price');
    if (o.time_in_force !== 'day') return { status: 422, body: { code: 40010001, message: 'invalid time_in_force' } };
    if (typeof o.qty !== 'string' || !/^[1-9]\d*$/.test(o.qty)) return invalid('invalid qty');
    if (typeof o.client_order_id !== 'string' || o.client_order_id.length > 128) return invalid('invalid client_order_id');
    if ('symbol' in o || 'side' in o) return invalid('symbol and side are not allowed on an mleg parent');
    if (!Array.isArray(o.legs) || o.legs.length === 0 || o.legs.length > 4) return invalid('an mleg order has 1 to 4 legs');
    const legs = (o.legs as Json[]).map((l) => l);
    for (const leg of legs) {
      if (typeof leg.symbol !== 'string' || leg.ratio_qty !== '1' || (leg.side !== 'buy' && leg.side !== 'sell') || typeof leg.position_intent !== 'string') {
        return invalid('invalid leg');
      }
    }
    if (this.orders.some((x) => x.client_order_id === o.client_order_id)) return { status: 422, body: { code: 40010001, message: 'client_order_id must be unique' } };
    const qty = Number(o.qty);
    for (const leg of legs) {
      if (!String(leg.position_intent).endsWith('_to_close')) continue;
      const held = this.holdings.get(String(leg.symbol))?.qty ?? 0;
      // Alpaca's qty_available: what is held in that direction less what working orders already close.
      const reserved = this.orders
        .filter((x) => WORKING.has(x.status))
        .flatMap((x) => x.legs.filter((l) => l.symbol === leg.symbol && l.side === leg.side && l.position_intent.endsWith('_to_close')).map(() => x.qty - x.filled_qty))
        .reduce((sum, n) => sum + n, 0);
      const available = Math.max(0, (leg.side === 'sell' ? Math.max(0, held) : Math.max(0, -held)) - reserved);
      if (available < qty) {
        return { status: 403, body: { code: 40310000, message: `insufficient qty available for order (requested: ${qty}, available: ${available})`, available: String(available), symbol: leg.symbol } };
      }
    }
    const limit = Number(o.limit_price);
    const order: Order = {
      id: randomUUID(),
      client_order_id: o.client_order_id,
      status: 'new',
      qty,
      filled_qty: 0,
      limit_price: o.limit_price,
      filled_avg_price: null,
      submitted_at: new Date(this.now()).toISOString(),
      legs: legs.map((l) => ({ symbol: String(l.symbol), side: l.side === 'buy' ? 'buy' : 'sell', position_intent: String(l.position_intent), ratio_qty: '1', price: 0 })),
      replaced_by: null,
      replaced_at: null,
      replaces: null,
    };
    this.orders.push(order);
    if (limit >= this.fillAtOrAbove) this.fill(order, limit);
    return ok(orderJson(order));
  }

  /**
   * PATCH /v2/orders/{id}: a new order (new id, the given or a generated client order id, unsent fields kept) takes
   * the old one's place; the old one ends `replaced` with `replaced_by` and `replaced_at`, the new one has `replaces`.
   */
  private replace(old: Order, body: unknown): Answer {
    const invalid = (message: string, code = 42210000): Answer => ({ status: 422, body: { code, message } });
    if (typeof body !== 'object' || body === null) return invalid('invalid body');
    const o = body as Json;
    if (o.limit_price !== undefined && (typeof o.limit_price !== 'string' || !/^-?\d+\.\d{2}$/.test(o.limit_price))) return invalid('invalid limit_price');
    if (o.qty !== undefined && (typeof o.qty !== 'string' || !/^[1-9]\d*$/.test(o.qty))) return invalid('invalid qty');
    if (o.time_in_force !== undefined && o.time_in_force !== 'day') return invalid('invalid time_in_force', 40010001);
    if (o.client_order_id !== undefined && (typeof o.client_order_id !== 'string' || o.client_order_id.length > 128)) return invalid('invalid client_order_id');
    const race = this.replaceRace;
    this.replaceRace = null;
    if (race === 'fill-first' && REPLACEABLE.has(old.status)) this.fill(old, Number(old.limit_price));
    if (old.status === 'accepted' || old.status === 'pending_new') return invalid("unable to replace order, order isn't sent to exchange yet");
    if (!REPLACEABLE.has(old.status)) return invalid(`order is already in "${old.status}" state`);
    const limit = typeof o.limit_price === 'string' ? o.limit_price : old.limit_price;
    const qty = typeof o.qty === 'string' ? Number(o.qty) : old.qty;
    if (limit === old.limit_price && qty === old.qty) return invalid('order parameters are not changed');
    if (this.orders.some((x) => x.client_order_id === o.client_order_id)) return invalid('client_order_id must be unique', 40010001);
    const now = new Date(this.now()).toISOString();
    const order: Order = {
      ...old,
      id: randomUUID(),
      client_order_id: typeof o.client_order_id === 'string' ? o.client_order_id : randomUUID(),
      status: 'new',
      qty,
      filled_qty: 0,
      limit_price: limit,
      filled_avg_price: null,
      submitted_at: now,
      legs: old.legs.map((leg) => ({ ...leg, price: 0 })),
      replaced_by: null,
      replaced_at: null,
      replaces: old.id,
    };
    this.orders.push(order);
    if (race === 'fill-during') {
      this.fill(old, Number(old.limit_price));
      const answer = ok(orderJson({ ...order, status: 'pending_new' }));
      order.status = 'rejected';
      return answer;
    }
    old.status = 'replaced';
    old.replaced_by = order.id;
    old.replaced_at = now;
    if (Number(limit) >= this.fillAtOrAbove) this.fill(order, Number(limit));
    return ok(orderJson(order));
  }

  /** Fills at the limit: each sell leg at 1.00 and the buy legs sharing the rest, so the net is the limit. */
  private fill(order: Order, limit: number): void {
    const buys = order.legs.filter((l) => l.side === 'buy');
    const sells = order.legs.filter((l) => l.side === 'sell');
    for (const leg of sells) leg.price = buys.length > 0 ? 1 : -limit / sells.length;
    for (const leg of buys) leg.price = (limit + sells.length) / buys.length;
    for (const leg of order.legs) {
      const signed = (leg.side === 'buy' ? 1 : -1) * order.qty;
      const held = this.holdings.get(leg.symbol) ?? { qty: 0, avgPrice: 0 };
      const qty = held.qty + signed;
      const opening = Math.sign(signed) === Math.sign(held.qty) || held.qty === 0;
      const avgPrice = opening ? (Math.abs(held.qty) * held.avgPrice + order.qty * leg.price) / Math.abs(qty) : held.avgPrice;
      if (qty === 0) this.holdings.delete(leg.symbol);
      else this.holdings.set(leg.symbol, { qty, avgPrice });
    }
    order.status = 'filled';
    order.filled_qty = order.qty;
    order.filled_avg_price = limit.toFixed(2);
  }
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const notFound = (message: string): Answer => ({ status: 404, body: { code: 40410000, message } });

function orderJson(order: Order): Json {
  const filled = order.status === 'filled';
  return {
    id: order.id,
    client_order_id: order.client_order_id,
    created_at: order.submitted_at,
    updated_at: order.submitted_at,
    submitted_at: order.submitted_at,
    filled_at: filled ? order.submitted_at : null,
    asset_class: '',
    symbol: '',
    side: '',
    order_class: 'mleg',
    type: 'limit',
    time_in_force: 'day',
    qty: String(order.qty),
    filled_qty: String(order.filled_qty),
    limit_price: order.limit_price,
    filled_avg_price: order.filled_avg_price,
    status: order.status,
    replaced_at: order.replaced_at,
    replaced_by: order.replaced_by,
    replaces: order.replaces,
    legs: order.legs.map((leg) => ({
      id: `${order.id}-${leg.symbol}`,
      symbol: leg.symbol,
      side: leg.side,
      position_intent: leg.position_intent,
      ratio_qty: leg.ratio_qty,
      qty: String(order.qty),
      filled_qty: String(order.filled_qty),
      filled_avg_price: filled ? leg.price.toFixed(2) : null,
      status: order.status,
      asset_class: 'us_option',
      order_class: 'mleg',
      legs: null,
    })),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}
