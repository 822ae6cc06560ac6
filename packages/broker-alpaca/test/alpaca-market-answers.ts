import type { MarketData, MarketDataError, OptionContract } from '@condor/core';
import { easternDay, easternTime, formatDay, parseDay, weekday } from '@condor/core';
import { err, ok, type Result } from 'neverthrow';

/** A market the fakes serve: its data and the clock it stands on (in a server test, the server's clock). */
export interface ServedMarket {
  readonly data: MarketData;
  /** Epoch milliseconds. */
  readonly now: () => number;
}

export interface FakeAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

type Json = Record<string, unknown>;

/** The longest page the fake hands out per endpoint; at most Alpaca's own `limit` maximum, lower to exercise paging. */
export interface PageSizes {
  contracts: number;
  snapshots: number;
  bars: number;
  corporateActions: number;
  optionBars: number;
}

/** Alpaca's `limit` default and maximum per endpoint (Trading API reference, Market Data API reference). */
const LIMITS = { contracts: [100, 10_000], snapshots: [100, 1_000], bars: [1_000, 10_000], corporateActions: [100, 1_000], optionBars: [1_000, 10_000] } as const;
/** Days from a dividend's ex-date to its payable (process) date, by which Alpaca dates a corporate action. */
export const PAYABLE_AFTER_DAYS = 35;

const badRequest = (message: string): FakeAnswer => ({ status: 400, body: { code: 40010001, message } });
const serverError = (error: MarketDataError): FakeAnswer => ({ status: 500, body: { code: 50010000, message: `internal server error (${error.kind})` } });
const iso = (ms: number): string => new Date(ms).toISOString();
const midnightNewYork = (day: number): string => iso(easternTime(day, 0)).replace('.000', '');

/**
 * A core `MarketData` rendered as Alpaca's market answers, in the shapes `alpaca-market-wire.ts` reads (reference
 * §2.4–2.7): the Trading API's `/v2/assets/{symbol}` and `/v2/options/contracts`, the Market Data API's latest stock
 * trade and quote, daily bars, option snapshots and cash dividends. Lists are paged by `next_page_token`. Greeks and
 * implied volatility are sent in Alpaca's units (theta per day, vega per point), or left out where `omitGreeks` says.
 * A contract listing is kept for the exchange day (Alpaca lists new contracts overnight); everything else is read
 * from the market at the moment of the request.
 */
export class AlpacaMarketAnswers {
  readonly pageSizes: PageSizes = { contracts: LIMITS.contracts[1], snapshots: LIMITS.snapshots[1], bars: LIMITS.bars[1], corporateActions: LIMITS.corporateActions[1], optionBars: LIMITS.optionBars[1] };
  /** Contracts whose snapshots carry no greeks and no implied volatility (Alpaca leaves them out where it has none). */
  omitGreeks: (contract: OptionContract) => boolean = () => false;
  private readonly listings = new Map<string, Promise<Result<readonly OptionContract[], MarketDataError>>>();

  constructor(private readonly market: ServedMarket) {}

  /** Whether `path` is one of the Trading API's market routes this renders. */
  static servesTrading(path: string): boolean {
    return path === '/v2/options/contracts' || /^\/v2\/assets\/[^/]+$/.test(path);
  }

  /** A Trading API market route's answer; undefined for any other path. */
  trading(url: URL): Promise<FakeAnswer | undefined> {
    const asset = /^\/v2\/assets\/([^/]+)$/.exec(url.pathname);
    if (asset) return guarded(this.asset(decodeURIComponent(asset[1]!)));
    if (url.pathname === '/v2/options/contracts') return guarded(this.contracts(url.searchParams));
    return Promise.resolve(undefined);
  }

  /** A Market Data API route's answer; undefined for any other path. */
  data(url: URL): Promise<FakeAnswer | undefined> {
    return guarded(this.dataRoute(url));
  }

  private async dataRoute(url: URL): Promise<FakeAnswer | undefined> {
    const q = url.searchParams;
    const stock = /^\/v2\/stocks\/([^/]+)\/(trades\/latest|quotes\/latest|bars)$/.exec(url.pathname);
    if (stock) {
      const symbol = decodeURIComponent(stock[1]!).toUpperCase();
      return stock[2] === 'bars' ? this.bars(symbol, q) : this.latest(symbol, stock[2] === 'trades/latest' ? 'trade' : 'quote');
    }
    const snapshots = /^\/v1beta1\/options\/snapshots\/([^/]+)$/.exec(url.pathname);
    if (snapshots) return this.snapshots(decodeURIComponent(snapshots[1]!).toUpperCase(), q);
    if (url.pathname === '/v1/corporate-actions') return this.corporateActions(q);
    return undefined;
  }

  private async asset(symbol: string): Promise<FakeAnswer> {
    const tradeable = await this.market.data.isTradeable(symbol.toUpperCase());
    if (tradeable.isErr()) return serverError(tradeable.error);
    if (!tradeable.value) return { status: 404, body: { code: 40410000, message: 'asset not found' } };
    const ticker = symbol.toUpperCase();
    const asset = { id: `asset-${ticker}`, class: 'us_equity', exchange: 'ARCA', symbol: ticker, name: ticker, status: 'active', tradable: true };
    return { status: 200, body: { ...asset, marginable: true, shortable: true, easy_to_borrow: true, fractionable: true, attributes: ['has_options'] } };
  }

  private async contracts(q: URLSearchParams): Promise<FakeAnswer> {
    const limit = limitOf(q, LIMITS.contracts);
    if (limit === null) return badRequest('invalid limit');
    const today = easternDay(this.market.now());
    // Without expiration_date_lte Alpaca lists only up to the next weekend.
    const nextSaturday = formatDay(today + ((6 - weekday(today) + 7) % 7 || 7));
    const window = { gte: q.get('expiration_date_gte') ?? '', lte: q.get('expiration_date_lte') ?? nextSaturday, exact: q.get('expiration_date') };
    if (q.get('status') === 'inactive') return { status: 200, body: { option_contracts: [], next_page_token: null } };
    const listed: OptionContract[] = [];
    for (const underlying of (q.get('underlying_symbols') ?? '').split(',').filter((s) => s !== '')) {
      const found = await this.listing(underlying.toUpperCase(), window);
      if (found.isErr()) return serverError(found.error);
      listed.push(...found.value.filter((c) => matches(c, q)));
    }
    const { items, next } = page(listed, q, Math.min(limit, this.pageSizes.contracts));
    const openInterestDate = formatDay(today - 1);
    return { status: 200, body: { option_contracts: items.map((c) => contractJson(c, openInterestDate)), next_page_token: next } };
  }

  private async latest(symbol: string, kind: 'trade' | 'quote'): Promise<FakeAnswer> {
    const quote = await this.market.data.quote(symbol);
    if (quote.isErr()) return quote.error.kind === 'unknown_symbol' ? { status: 200, body: { symbol, [kind]: null } } : serverError(quote.error);
    const { bid, ask, last, time } = quote.value;
    const t = iso(time);
    if (kind === 'trade') return { status: 200, body: { symbol, trade: { t, x: 'V', p: last, s: 100, c: ['@'], i: 1, z: 'B' } } };
    return { status: 200, body: { symbol, quote: { t, ax: 'V', ap: ask, as: 2, bx: 'V', bp: bid, bs: 3, c: ['R'], z: 'B' } } };
  }

  private async bars(symbol: string, q: URLSearchParams): Promise<FakeAnswer> {
    if (!['1Day', '1D'].includes(q.get('timeframe') ?? '')) return badRequest('this fake serves daily bars only (timeframe=1Day)');
    const limit = limitOf(q, LIMITS.bars);
    if (limit === null) return badRequest('invalid limit');
    const today = formatDay(easternDay(this.market.now()));
    const [start, end] = [(q.get('start') ?? today).slice(0, 10), (q.get('end') ?? today).slice(0, 10)];
    if (parseDay(start) === undefined || parseDay(end) === undefined) return badRequest('invalid start or end');
    const bars = await this.market.data.dailyBars(symbol, start, end);
    if (bars.isErr()) return bars.error.kind === 'unknown_symbol' ? { status: 200, body: { symbol, bars: null, next_page_token: null } } : serverError(bars.error);
    const rows = bars.value.map((b) => ({ t: midnightNewYork(parseDay(b.date)!), o: b.open, h: b.high, l: b.low, c: b.close, v: b.volume, n: Math.round(b.volume / 100), vw: (b.open + b.high + b.low + b.close) / 4 }));
    if (q.get('sort') === 'desc') rows.reverse();
    const { items, next } = page(rows, q, Math.min(limit, this.pageSizes.bars));
    return { status: 200, body: { symbol, bars: items.length === 0 ? null : items, next_page_token: next } };
  }

  private async snapshots(underlying: string, q: URLSearchParams): Promise<FakeAnswer> {
    const limit = limitOf(q, LIMITS.snapshots);
    if (limit === null) return badRequest('invalid limit');
    const expiries = await this.market.data.expirations(underlying);
    if (expiries.isErr()) return expiries.error.kind === 'unknown_symbol' ? { status: 200, body: { snapshots: {}, next_page_token: null } } : serverError(expiries.error);
    const window = { gte: q.get('expiration_date_gte') ?? '', lte: q.get('expiration_date_lte') ?? '9999-12-31', exact: q.get('expiration_date') };
    const contracts: OptionContract[] = [];
    for (const expiry of expiries.value.filter((e) => inWindow(e, window))) {
      const chain = await this.market.data.optionChain(underlying, expiry);
      if (chain.isErr()) return serverError(chain.error);
      contracts.push(...chain.value.filter((c) => matches(c, q)));
    }
    contracts.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    const { items, next } = page(contracts, q, Math.min(limit, this.pageSizes.snapshots));
    const day = easternDay(this.market.now());
    return { status: 200, body: { snapshots: Object.fromEntries(items.map((c) => [c.symbol, this.snapshotJson(c, day)])), next_page_token: next } };
  }

  private snapshotJson(c: OptionContract, day: number): Json {
    const t = iso(c.quoteTime);
    const price = c.last !== undefined && c.last > 0 ? c.last : (c.bid + c.ask) / 2;
    return {
      latestQuote: { t, bp: c.bid, bs: c.bid > 0 ? 10 : 0, bx: 'C', ap: c.ask, as: 10, ax: 'C', c: 'A' },
      ...(c.last === undefined || c.last <= 0 ? {} : { latestTrade: { t, x: 'C', p: c.last, s: 1, c: 'I' } }),
      ...(c.volume > 0 ? { dailyBar: { t: midnightNewYork(day), o: price, h: price, l: price, c: price, v: c.volume, n: c.volume, vw: price } } : {}),
      ...(this.omitGreeks(c) || c.volatility === null ? {} : { impliedVolatility: c.volatility }),
      ...(this.omitGreeks(c) || c.greeks === null ? {} : { greeks: { delta: c.greeks.delta, gamma: c.greeks.gamma, theta: c.greeks.theta / 365, vega: c.greeks.vega / 100 } }),
    };
  }

  private async corporateActions(q: URLSearchParams): Promise<FakeAnswer> {
    const limit = limitOf(q, LIMITS.corporateActions);
    if (limit === null) return badRequest('invalid limit');
    const today = easternDay(this.market.now());
    const [start, end] = [parseDay(q.get('start') ?? formatDay(today)), parseDay(q.get('end') ?? formatDay(today))];
    if (start === undefined || end === undefined) return badRequest('invalid start or end');
    const types = q.get('types')?.split(',');
    const rows: { symbol: string; exDate: string; payable: string; amount: number }[] = [];
    for (const symbol of (q.get('symbols') ?? '').split(',').filter((s) => s !== '' && (types === undefined || types.includes('cash_dividend')))) {
      const events = await this.market.data.events(symbol, formatDay(start - PAYABLE_AFTER_DAYS), formatDay(end));
      if (events.isErr()) {
        if (events.error.kind === 'unknown_symbol') continue;
        return serverError(events.error);
      }
      for (const { exDate, amount } of events.value.dividends ?? []) {
        const payable = parseDay(exDate)! + PAYABLE_AFTER_DAYS;
        if (payable >= start && payable <= end) rows.push({ symbol, exDate, payable: formatDay(payable), amount });
      }
    }
    rows.sort((a, b) => (a.payable < b.payable ? -1 : a.payable > b.payable ? 1 : a.symbol < b.symbol ? -1 : 1));
    if (q.get('sort') === 'desc') rows.reverse();
    const { items, next } = page(rows, q, Math.min(limit, this.pageSizes.corporateActions));
    const dividends = items.map((d) => ({
      id: `ca-${d.symbol}-${d.exDate}`,
      symbol: d.symbol,
      cusip: '000000000',
      rate: d.amount,
      special: false,
      foreign: false,
      process_date: d.payable,
      ex_date: d.exDate,
      record_date: d.exDate,
      payable_date: d.payable,
    }));
    return { status: 200, body: { corporate_actions: dividends.length === 0 ? {} : { cash_dividends: dividends }, next_page_token: next } };
  }

  /** The contracts listed for `underlying` in `window`: none for a symbol the market does not trade. */
  private async listing(underlying: string, window: ExpiryWindow): Promise<Result<OptionContract[], MarketDataError>> {
    const expiries = await this.market.data.expirations(underlying);
    if (expiries.isErr()) return expiries.error.kind === 'unknown_symbol' ? ok([]) : err(expiries.error);
    const day = easternDay(this.market.now());
    const out: OptionContract[] = [];
    for (const expiry of expiries.value.filter((e) => inWindow(e, window))) {
      const key = `${underlying}|${expiry}|${String(day)}`;
      const listed = this.listings.get(key) ?? Promise.resolve(this.market.data.optionChain(underlying, expiry));
      this.listings.set(key, listed);
      const chain = await listed;
      if (chain.isErr()) {
        this.listings.delete(key);
        return err(chain.error);
      }
      out.push(...chain.value);
    }
    return ok(out);
  }
}

/** A 500, as Alpaca answers its own failures, rather than a request left hanging when rendering throws. */
const guarded = (answer: Promise<FakeAnswer | undefined>): Promise<FakeAnswer | undefined> =>
  answer.catch((cause: unknown) => ({ status: 500, body: { code: 50010000, message: `internal server error: ${String(cause)}` } }));

interface ExpiryWindow {
  readonly gte: string;
  readonly lte: string;
  readonly exact: string | null;
}

const inWindow = (expiry: string, { gte, lte, exact }: ExpiryWindow): boolean => expiry >= gte && expiry <= lte && (exact === null || expiry === exact);

/** The `type`, `strike_price_gte`/`_lte` and `root_symbol` filters both contract endpoints take. */
function matches(c: OptionContract, q: URLSearchParams): boolean {
  const type = q.get('type');
  const [low, high] = [q.get('strike_price_gte'), q.get('strike_price_lte')];
  const root = q.get('root_symbol');
  return (type === null || c.type === type) && (low === null || c.strike >= Number(low)) && (high === null || c.strike <= Number(high)) && (root === null || rootOf(c) === root);
}

/** The root of a compact OCC symbol: what precedes its YYMMDD, C or P and eight strike digits. */
const rootOf = (c: OptionContract): string => c.symbol.slice(0, -15);

function contractJson(c: OptionContract, openInterestDate: string): Json {
  const root = rootOf(c);
  return {
    id: `contract-${c.symbol}`,
    symbol: c.symbol,
    name: `${root} ${c.expiry} ${String(c.strike)} ${c.type === 'call' ? 'Call' : 'Put'}`,
    status: 'active',
    tradable: true,
    expiration_date: c.expiry,
    root_symbol: root,
    underlying_symbol: root,
    underlying_asset_id: `asset-${root}`,
    type: c.type,
    style: 'american',
    strike_price: String(c.strike),
    multiplier: '100',
    size: '100',
    open_interest: String(c.openInterest),
    open_interest_date: openInterestDate,
    close_price: c.last === undefined || c.last <= 0 ? null : String(c.last),
    close_price_date: c.last === undefined || c.last <= 0 ? null : openInterestDate,
  };
}

/** `limit` within Alpaca's 1..maximum (its default when absent); null when out of range. */
function limitOf(q: URLSearchParams, [byDefault, maximum]: readonly [number, number]): number | null {
  const limit = Number(q.get('limit') ?? byDefault);
  return Number.isInteger(limit) && limit >= 1 && limit <= maximum ? limit : null;
}

/** One page of `all` from the `page_token` offset; the token of the next page, null on the last. */
function page<T>(all: readonly T[], q: URLSearchParams, size: number): { items: T[]; next: string | null } {
  const token = q.get('page_token');
  const offset = token === null ? 0 : Number(Buffer.from(token, 'base64').toString('utf8'));
  const items = all.slice(offset, offset + size);
  return { items, next: offset + size < all.length ? Buffer.from(String(offset + size)).toString('base64') : null };
}
