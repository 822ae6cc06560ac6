import type { BrokerError, CorporateEvents, DailyBar, Dividend, IvPoint, MarketData, MarketDataError, MarketSession, OptionContract, OptionGreeks, Quote } from '@condor/core';
import { easternDay, exchangeSession, expiryClose, formatDay, impliedVolatility, parseDay, priceOption, sessionClose, yearsBetween } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { AlpacaHttp, ALPACA_TRADING_URLS, type AlpacaCredentials, type AlpacaResponse } from './alpaca-http.js';
import * as wire from './alpaca-market-wire.js';
import { AlpacaRateLimiter } from './alpaca-rate-limiter.js';
import { WireError } from './alpaca-wire.js';
import { CoalescingCache } from '@condor/core';

/** Alpaca's Market Data API host, the same for paper and live keys. */
export const ALPACA_DATA_URL = 'https://data.alpaca.markets';

export interface AlpacaMarketDataOptions {
  /** The server's own key pair (market data is not per user). */
  readonly credentials: AlpacaCredentials;
  /** The Trading API host, for assets and option contracts; paper by default. */
  readonly tradingBaseUrl?: string;
  /** The Market Data API host, for quotes, snapshots and bars. */
  readonly dataBaseUrl?: string;
  /** Epoch milliseconds. */
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Per attempt, milliseconds; 10 s by default. */
  readonly timeoutMs?: number;
  /** Alpaca has no rate endpoint, so the rate is configured: 0.04 by default. */
  readonly riskFreeRate?: number;
  /** Dividend yields by upper-case ticker; 0 for any other. */
  readonly dividendYields?: Readonly<Record<string, number>>;
  /** How long a fetched chain (and an asset's tradeability) is reused; 30 s by default. */
  readonly chainTtlMs?: number;
  /** How long a symbol's dividends for one range are reused; an hour by default (Alpaca adds corporate actions about daily). */
  readonly eventsTtlMs?: number;
  /** The client-side budget per key pair, below Alpaca's 200; 190 by default. */
  readonly requestsPerMinute?: number;
  /** A limiter shared with other clients of the same key pair; a new one by default. */
  readonly limiter?: AlpacaRateLimiter;
  /** The options feed; `indicative` (free) by default, `opra` with a subscription. */
  readonly optionsFeed?: 'indicative' | 'opra';
  /** The stock feed; `iex` (free) by default. */
  readonly stockFeed?: 'iex' | 'sip' | 'delayed_sip';
}

const DAY_MS = 86_400_000;
const CONTRACT_PAGE = 10_000;
const SNAPSHOT_PAGE = 1_000;
const BAR_PAGE = 10_000;
/** How far ahead expirations are listed: LEAPS reach about two and a half years; two years is plenty for condors. */
const EXPIRATION_HORIZON_DAYS = 730;
const CORPORATE_ACTION_PAGE = 1_000;
/**
 * Alpaca dates a corporate action by its process date (a dividend's payable date, weeks after the ex-date), so a
 * range of ex-dates is asked for with its end moved this much later and the answer filtered by ex-date.
 */
const DIVIDEND_PAYMENT_LAG_DAYS = 90;
/** A runaway pager (a token that never ends) stops here. */
const MAX_PAGES = 100;

/**
 * Alpaca's market data as a MarketData: assets and contracts from the Trading API, stock trades, quotes,
 * bars and option snapshots from the Market Data API. Chains (per ticker and expiry), expiration lists and
 * assets are cached for `chainTtlMs`, and concurrent lookups of one key share a single fetch; every request first
 * waits its turn in the key pair's budget. A missing implied volatility is backed out of the mid of the
 * strike's out-of-the-money quote, and missing greeks are computed from it; a quote with no ask, a
 * crossed market or no readable time is dropped. Alpaca keeps no implied-volatility history, so
 * `ivHistory` answers `unsupported` for a known symbol. `events` reads cash dividends from the corporate actions and
 * says earnings are unknown (null): Alpaca has no earnings calendar.
 * @example
 * const market = new AlpacaMarketData({ credentials: { apiKey, apiSecret }, tradingBaseUrl: ALPACA_TRADING_URLS.live });
 * const chain = await market.optionChain('SPY', '2026-12-18'); // Ok([...contracts by strike, call before put])
 */
export class AlpacaMarketData implements MarketData {
  private readonly trading: AlpacaHttp;
  private readonly data: AlpacaHttp;
  private readonly limiter: AlpacaRateLimiter;
  private readonly now: () => number;
  private readonly rate: number;
  private readonly chains: CoalescingCache<readonly OptionContract[], MarketDataError>;
  private readonly assets: CoalescingCache<boolean | null, MarketDataError>;
  private readonly expiryLists: CoalescingCache<readonly string[], MarketDataError>;
  private readonly dividendLists: CoalescingCache<readonly Dividend[], MarketDataError>;

  constructor(private readonly options: AlpacaMarketDataOptions) {
    this.now = options.now ?? Date.now;
    const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const common = { environment: 'live' as const, credentials: options.credentials, timeoutMs: options.timeoutMs ?? 10_000, now: this.now, sleep };
    this.trading = new AlpacaHttp({ ...common, baseUrl: options.tradingBaseUrl ?? ALPACA_TRADING_URLS.paper });
    this.data = new AlpacaHttp({ ...common, baseUrl: options.dataBaseUrl ?? ALPACA_DATA_URL });
    this.limiter = options.limiter ?? new AlpacaRateLimiter({ requestsPerMinute: options.requestsPerMinute ?? 190, now: this.now, sleep });
    const cache = { ttlMs: options.chainTtlMs ?? 30_000, now: this.now };
    this.chains = new CoalescingCache(cache);
    this.assets = new CoalescingCache(cache);
    this.expiryLists = new CoalescingCache(cache);
    this.dividendLists = new CoalescingCache({ ttlMs: options.eventsTtlMs ?? 3_600_000, now: this.now });
    this.rate = options.riskFreeRate ?? 0.04;
  }

  /** The exchange's regular session or closed, from the exchange calendar (Alpaca's quotes outside it are the last ones). */
  session(): ResultAsync<MarketSession, MarketDataError> {
    return okAsync(exchangeSession(this.now(), false));
  }

  isTradeable(symbol: string): ResultAsync<boolean, MarketDataError> {
    return this.asset(symbol.toUpperCase()).map((tradeable) => tradeable === true);
  }

  quote(symbol: string): ResultAsync<Quote, MarketDataError> {
    return this.known(symbol).andThen((ticker) => this.stockQuote(ticker));
  }

  expirations(symbol: string): ResultAsync<readonly string[], MarketDataError> {
    return this.known(symbol).andThen((ticker) => {
      const today = formatDay(easternDay(this.now()));
      return this.expiryLists.get(`${ticker}|${today}`, () => {
        const query = { underlying_symbols: ticker, status: 'active', expiration_date_gte: today, expiration_date_lte: formatDay(easternDay(this.now()) + EXPIRATION_HORIZON_DAYS) };
        return this.contracts(ticker, query).map((contracts) => [...new Set(contracts.map((c) => c.expiry))].sort());
      });
    });
  }

  optionChain(symbol: string, expiry: string): ResultAsync<readonly OptionContract[], MarketDataError> {
    return this.known(symbol).andThen((ticker) => this.chains.get(`${ticker}|${expiry}`, () => this.fetchChain(ticker, expiry)));
  }

  dailyBars(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError> {
    return this.known(symbol).andThen((ticker) => {
      const query = { timeframe: '1Day', start: fromDate, end: toDate, adjustment: 'raw', feed: this.options.stockFeed ?? 'iex', limit: String(BAR_PAGE), sort: 'asc' };
      return this.paged(this.data, `/v2/stocks/${encodeURIComponent(ticker)}/bars`, query, wire.dailyBars).map((bars) => {
        const now = this.now();
        const completed = bars.filter((bar) => bar.date >= fromDate && bar.date <= toDate && !this.sessionOpenOrAhead(bar.date, now));
        return [...new Map(completed.map((bar) => [bar.date, bar])).values()].sort((a, b) => (a.date < b.date ? -1 : 1));
      });
    });
  }

  /**
   * Always `unsupported` for a known symbol (`unknown_symbol` for any other): Alpaca has no IV-rank or
   * IV-history endpoint (reference §2.6), and snapshots carry only today's IV.
   */
  ivHistory(symbol: string, _fromDate: string, _toDate: string): ResultAsync<readonly IvPoint[], MarketDataError> {
    return this.known(symbol).andThen(() => errAsync<readonly IvPoint[], MarketDataError>({ kind: 'unsupported', message: 'Alpaca keeps no implied-volatility history' }));
  }

  riskFreeRate(): ResultAsync<number, MarketDataError> {
    return okAsync(this.rate);
  }

  dividendYield(symbol: string): ResultAsync<number, MarketDataError> {
    return this.known(symbol).map((ticker) => this.dividendYieldOf(ticker));
  }

  /**
   * Cash dividends by ex-date from Alpaca's corporate actions (a regular and a special dividend on one ex-date add
   * up); earnings are always null, unknown: Alpaca publishes no earnings calendar.
   */
  events(symbol: string, fromDate: string, toDate: string): ResultAsync<CorporateEvents, MarketDataError> {
    const from = parseDay(fromDate);
    const to = parseDay(toDate);
    if (from === undefined || to === undefined) {
      return errAsync({ kind: 'unavailable', message: `Dates must be YYYY-MM-DD; got ${fromDate} and ${toDate}.` });
    }
    return this.known(symbol).andThen((ticker) => {
      const dividends = from > to ? okAsync([]) : this.dividendLists.get(`${ticker}|${fromDate}|${toDate}`, () => this.fetchDividends(ticker, fromDate, toDate, to));
      return dividends.map((list) => ({ earnings: null, dividends: list }));
    });
  }

  private fetchDividends(ticker: string, fromDate: string, toDate: string, to: number): ResultAsync<readonly Dividend[], MarketDataError> {
    const query = { symbols: ticker, types: 'cash_dividend', start: fromDate, end: formatDay(to + DIVIDEND_PAYMENT_LAG_DAYS), limit: String(CORPORATE_ACTION_PAGE), sort: 'asc' };
    return this.paged(this.data, '/v1/corporate-actions', query, wire.cashDividends).map((rows) => {
      const byExDate = new Map<string, number>();
      for (const { symbol, exDate, amount } of rows) {
        if (symbol === ticker && exDate >= fromDate && exDate <= toDate) byExDate.set(exDate, (byExDate.get(exDate) ?? 0) + amount);
      }
      return [...byExDate]
        .filter(([, amount]) => amount > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([exDate, amount]) => ({ exDate, amount: Math.round(amount * 1e6) / 1e6 }));
    });
  }

  private dividendYieldOf(ticker: string): number {
    return this.options.dividendYields?.[ticker] ?? 0;
  }

  /** The upper-case ticker of a tradeable symbol, else `unknown_symbol`. */
  private known(symbol: string): ResultAsync<string, MarketDataError> {
    const ticker = symbol.toUpperCase();
    return this.asset(ticker).andThen((tradeable) => (tradeable === true ? okAsync(ticker) : errAsync({ kind: 'unknown_symbol' as const })));
  }

  /** True for a tradeable US equity, false for one that is not, null for a 404; cached for the TTL. */
  private asset(ticker: string): ResultAsync<boolean | null, MarketDataError> {
    if (!/^[A-Z0-9.]{1,10}$/.test(ticker)) return okAsync(null);
    return this.assets.get(ticker, () =>
      this.get(this.trading, `/v2/assets/${encodeURIComponent(ticker)}`).andThen((response) =>
        response.status === 404 ? okAsync(null) : this.decode(response, wire.isTradeableAsset),
      ),
    );
  }

  /** Last trade, with bid and ask from the latest quote; a one-sided or crossed quote falls back to the last price. */
  private stockQuote(ticker: string): ResultAsync<Quote, MarketDataError> {
    const feed = new URLSearchParams({ feed: this.options.stockFeed ?? 'iex' }).toString();
    const path = `/v2/stocks/${encodeURIComponent(ticker)}`;
    const trade = this.get(this.data, `${path}/trades/latest?${feed}`).andThen((r) => this.decode(r, wire.latestTrade));
    const quote = this.get(this.data, `${path}/quotes/latest?${feed}`).andThen((r) => this.decode(r, wire.latestQuote));
    return ResultAsync.combine([trade, quote] as const).map(([last, { bid, ask }]) => {
      const sane = bid !== undefined && ask !== undefined && bid > 0 && ask >= bid;
      return { symbol: ticker, bid: sane ? bid : last.price, ask: sane ? ask : last.price, last: last.price, time: last.time };
    });
  }

  private fetchChain(ticker: string, expiry: string): ResultAsync<readonly OptionContract[], MarketDataError> {
    // expiration_date_lte is always sent: without it Alpaca stops at the next weekend.
    const query = { underlying_symbols: ticker, status: 'active', expiration_date: expiry, expiration_date_lte: expiry };
    return this.contracts(ticker, query).andThen((contracts) => {
      if (contracts.length === 0) return okAsync([]);
      const snapshotQuery = { feed: this.options.optionsFeed ?? 'indicative', expiration_date: expiry, limit: String(SNAPSHOT_PAGE) };
      return this.paged(this.data, `/v1beta1/options/snapshots/${encodeURIComponent(ticker)}`, snapshotQuery, (body) => [...wire.snapshots(body)]).andThen((entries) => {
        const bySymbol = new Map(entries);
        const needsSpot = contracts.some((c) => {
          const snap = bySymbol.get(c.symbol);
          return snap?.impliedVolatility === undefined || snap.greeks === undefined;
        });
        const spot = needsSpot ? this.stockQuote(ticker).map((q) => (q.bid + q.ask) / 2) : okAsync(null);
        return spot.map((s) => this.join(ticker, expiry, contracts, bySymbol, s));
      });
    });
  }

  /** Contracts joined with their snapshots, unusable quotes dropped, missing IV and greeks computed. */
  private join(ticker: string, expiry: string, contracts: readonly wire.WireContract[], snaps: ReadonlyMap<string, wire.WireSnapshot>, spot: number | null): OptionContract[] {
    const now = this.now();
    const close = expiryClose(expiry);
    const years = close === undefined ? 0 : Math.max(0, yearsBetween(now, close));
    const q = this.dividendYieldOf(ticker);
    const usable = contracts.flatMap((contract) => {
      const snap = snaps.get(contract.symbol);
      const bid = snap?.bid ?? 0;
      const ask = snap?.ask;
      if (!snap || ask === undefined || ask <= 0 || bid < 0 || bid > ask || snap.quoteTime === undefined) return [];
      return [{ contract, snap, bid, ask, quoteTime: snap.quoteTime }];
    });
    // A missing IV comes from the strike's out-of-the-money side (no early-exercise premium), else its own mid.
    const ivFromMid = (type: 'call' | 'put', strike: number): number | undefined => {
      if (spot === null || years <= 0) return undefined;
      const row = usable.find((u) => u.contract.type === type && u.contract.strike === strike);
      if (!row || row.bid <= 0) return undefined;
      const iv = impliedVolatility({ type, spot, strike, years, rate: this.rate, dividendYield: q, price: (row.bid + row.ask) / 2 });
      return iv.isOk() && Number.isFinite(iv.value) && iv.value > 0 ? iv.value : undefined;
    };
    const chain = usable.flatMap(({ contract, snap, bid, ask, quoteTime }): OptionContract[] => {
      const given = snap.impliedVolatility !== undefined && snap.impliedVolatility > 0 ? snap.impliedVolatility : undefined;
      const otm: 'call' | 'put' = spot === null || contract.strike >= spot ? 'call' : 'put';
      const volatility = given ?? ivFromMid(otm, contract.strike) ?? ivFromMid(contract.type, contract.strike);
      if (volatility === undefined) return [];
      return [
        {
          symbol: contract.symbol,
          type: contract.type,
          strike: contract.strike,
          expiry: contract.expiry,
          bid,
          ask,
          ...(snap.last !== undefined && snap.last > 0 ? { last: snap.last } : {}),
          volatility,
          greeks: this.greeks(snap, contract, spot, years, q, volatility),
          openInterest: contract.openInterest,
          volume: Math.max(0, snap.volume ?? 0),
          quoteTime,
        },
      ];
    });
    return chain.sort((a, b) => a.strike - b.strike || (a.type === b.type ? 0 : a.type === 'call' ? -1 : 1));
  }

  /** Alpaca's greeks in the port's units (theta per day × 365 → per year, vega per point × 100 → per 1.00), or computed from the IV. */
  private greeks(snap: wire.WireSnapshot, contract: wire.WireContract, spot: number | null, years: number, q: number, volatility: number): OptionGreeks | null {
    if (snap.greeks) {
      const { delta, gamma, theta, vega } = snap.greeks;
      return { delta, gamma, theta: theta * 365, vega: vega * 100 };
    }
    if (spot === null) return null;
    const v = priceOption({ type: contract.type, spot, strike: contract.strike, years, rate: this.rate, dividendYield: q, volatility });
    return { delta: v.delta, gamma: v.gamma, theta: v.theta, vega: v.vega };
  }

  private contracts(ticker: string, query: Record<string, string>): ResultAsync<wire.WireContract[], MarketDataError> {
    return this.paged(this.trading, '/v2/options/contracts', { ...query, limit: String(CONTRACT_PAGE) }, (body) => wire.standardContracts(body, ticker));
  }

  /** Every page of a paged endpoint, following `next_page_token`. */
  private paged<T>(http: AlpacaHttp, path: string, query: Record<string, string>, read: (body: unknown) => T[]): ResultAsync<T[], MarketDataError> {
    const page = (token: string | undefined, acc: T[], count: number): ResultAsync<T[], MarketDataError> => {
      const params = new URLSearchParams(token === undefined ? query : { ...query, page_token: token });
      return this.get(http, `${path}?${params.toString()}`)
        .andThen((response) => this.decode(response, (body) => ({ items: read(body), next: wire.nextPageToken(body) })))
        .andThen(({ items, next }) => {
          const all = acc.concat(items);
          if (next === undefined) return okAsync(all);
          if (count + 1 >= MAX_PAGES) return errAsync({ kind: 'unavailable' as const, message: `Alpaca GET ${path} kept paging past ${MAX_PAGES} pages` });
          return page(next, all, count + 1);
        });
    };
    return page(undefined, [], 0);
  }

  /** One GET after waiting its turn in the key pair's budget, with the broker errors mapped onto market-data ones. */
  private get(http: AlpacaHttp, path: string): ResultAsync<AlpacaResponse, MarketDataError> {
    return ResultAsync.fromSafePromise(this.limiter.take(this.options.credentials.apiKey)).andThen(() => http.request('GET', path).mapErr(toMarketDataError));
  }

  private decode<T>(response: AlpacaResponse, read: (body: unknown) => T): ResultAsync<T, MarketDataError> {
    if (response.status !== 200) {
      return errAsync({ kind: 'unavailable', message: `Alpaca answered HTTP ${response.status}: ${response.message}` });
    }
    try {
      return okAsync(read(response.body));
    } catch (cause) {
      if (cause instanceof WireError) return errAsync({ kind: 'unavailable', message: `Alpaca answered an unexpected shape: ${cause.message}` });
      throw cause;
    }
  }

  /** Whether the session of `date` has not closed yet at `now` (today's bar is still forming). */
  private sessionOpenOrAhead(date: string, now: number): boolean {
    const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    return now < sessionClose(day);
  }
}

function toMarketDataError(error: BrokerError): MarketDataError {
  if (error.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds };
  if (error.kind === 'auth_failed') return { kind: 'unavailable', message: 'Alpaca refused the market-data API keys (HTTP 401)' };
  return { kind: 'unavailable', message: error.message };
}
