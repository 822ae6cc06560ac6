import type { CorporateEvents, DailyBar, Dividend, IvPoint, MarketData, MarketDataError, MarketSession, OptionBarHistory, OptionContract, Quote } from '@condor/core';
import { easternDay, exchangeSession, formatDay, parseDay, sessionClose } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { pricedAlpacaChain } from './alpaca-chain-pricing.js';
import { AlpacaHttp, ALPACA_TRADING_URLS, type AlpacaCredentials } from './alpaca-http.js';
import { AlpacaMarketRequests } from './alpaca-market-requests.js';
import * as wire from './alpaca-market-wire.js';
import { alpacaOptionBars } from './alpaca-option-bars.js';
import { AlpacaRateLimiter } from './alpaca-rate-limiter.js';
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

/**
 * Alpaca's market data as a MarketData: assets and contracts from the Trading API, stock trades, quotes,
 * bars and option snapshots from the Market Data API. Chains (per ticker and expiry), expiration lists and
 * assets are cached for `chainTtlMs`, and concurrent lookups of one key share a single fetch; every request first
 * waits its turn in the key pair's budget. A missing implied volatility is backed out of the mid of the
 * strike's out-of-the-money quote, and missing greeks are computed from it; a quote with no ask, a
 * crossed market or no readable time is dropped. Alpaca keeps no implied-volatility history, so
 * `ivHistory` answers `unsupported` for a known symbol; `optionBars` reads traded option bars (since February 2024). `events` reads cash dividends from the corporate actions and
 * says earnings are unknown (null): Alpaca has no earnings calendar.
 * @example
 * const market = new AlpacaMarketData({ credentials: { apiKey, apiSecret }, tradingBaseUrl: ALPACA_TRADING_URLS.live });
 * const chain = await market.optionChain('SPY', '2026-12-18'); // Ok([...contracts by strike, call before put])
 */
export class AlpacaMarketData implements MarketData {
  private readonly trading: AlpacaHttp;
  private readonly data: AlpacaHttp;
  private readonly requests: AlpacaMarketRequests;
  private readonly now: () => number;
  private readonly rate: number;
  private readonly chains: CoalescingCache<readonly OptionContract[], MarketDataError>;
  private readonly assets: CoalescingCache<boolean | null, MarketDataError>;
  private readonly expiryLists: CoalescingCache<readonly string[], MarketDataError>;
  private readonly dividendLists: CoalescingCache<readonly Dividend[], MarketDataError>;
  private readonly barLists: CoalescingCache<readonly DailyBar[], MarketDataError>;

  constructor(private readonly options: AlpacaMarketDataOptions) {
    this.now = options.now ?? Date.now;
    const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const common = { environment: 'live' as const, credentials: options.credentials, timeoutMs: options.timeoutMs ?? 10_000, now: this.now, sleep };
    this.trading = new AlpacaHttp({ ...common, baseUrl: options.tradingBaseUrl ?? ALPACA_TRADING_URLS.paper });
    this.data = new AlpacaHttp({ ...common, baseUrl: options.dataBaseUrl ?? ALPACA_DATA_URL });
    const limiter = options.limiter ?? new AlpacaRateLimiter({ requestsPerMinute: options.requestsPerMinute ?? 190, now: this.now, sleep });
    this.requests = new AlpacaMarketRequests(limiter, options.credentials.apiKey);
    const cache = { ttlMs: options.chainTtlMs ?? 30_000, now: this.now };
    this.chains = new CoalescingCache(cache);
    this.assets = new CoalescingCache(cache);
    this.expiryLists = new CoalescingCache(cache);
    this.dividendLists = new CoalescingCache({ ttlMs: options.eventsTtlMs ?? 3_600_000, now: this.now });
    this.barLists = new CoalescingCache({ ttlMs: DAY_MS, now: this.now });
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

  /** Completed sessions, read once a day per range (and again once today's session has closed). */
  dailyBars(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError> {
    const today = formatDay(easternDay(this.now()));
    const closed = !this.sessionOpenOrAhead(today, this.now());
    return this.known(symbol).andThen((ticker) => this.barLists.get(`${ticker}|${fromDate}|${toDate}|${today}|${String(closed)}`, () => this.fetchBars(ticker, fromDate, toDate)));
  }

  private fetchBars(ticker: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError> {
    const query = { timeframe: '1Day', start: fromDate, end: toDate, adjustment: 'raw', feed: this.options.stockFeed ?? 'iex', limit: String(BAR_PAGE), sort: 'asc' };
    return this.requests.paged(this.data, `/v2/stocks/${encodeURIComponent(ticker)}/bars`, query, wire.dailyBars).map((bars) => {
      const now = this.now();
      const completed = bars.filter((bar) => bar.date >= fromDate && bar.date <= toDate && !this.sessionOpenOrAhead(bar.date, now));
      return [...new Map(completed.map((bar) => [bar.date, bar])).values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    });
  }

  /**
   * Always `unsupported` for a known symbol (`unknown_symbol` for any other): Alpaca has no IV-rank or
   * IV-history endpoint (reference §2.6), and snapshots carry only today's IV.
   */
  ivHistory(symbol: string, _fromDate: string, _toDate: string): ResultAsync<readonly IvPoint[], MarketDataError> {
    return this.known(symbol).andThen(() => errAsync<readonly IvPoint[], MarketDataError>({ kind: 'unsupported', message: 'Alpaca keeps no implied-volatility history' }));
  }

  /** Daily bars of option contracts since February 2024, sparse (no bar on a day without trades): see `alpacaOptionBars`. */
  optionBars(symbols: readonly string[], fromDate: string, toDate: string): ResultAsync<OptionBarHistory, MarketDataError> {
    return alpacaOptionBars(this.requests, this.data, symbols, fromDate, toDate);
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
    return this.requests.paged(this.data, '/v1/corporate-actions', query, wire.cashDividends).map((rows) => {
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
      this.requests.get(this.trading, `/v2/assets/${encodeURIComponent(ticker)}`).andThen((response) =>
        response.status === 404 ? okAsync(null) : this.requests.decode(response, wire.isTradeableAsset),
      ),
    );
  }

  /** Last trade, with bid and ask from the latest quote; a one-sided or crossed quote falls back to the last price. */
  private stockQuote(ticker: string): ResultAsync<Quote, MarketDataError> {
    const feed = new URLSearchParams({ feed: this.options.stockFeed ?? 'iex' }).toString();
    const path = `/v2/stocks/${encodeURIComponent(ticker)}`;
    const trade = this.requests.get(this.data, `${path}/trades/latest?${feed}`).andThen((r) => this.requests.decode(r, wire.latestTrade));
    const quote = this.requests.get(this.data, `${path}/quotes/latest?${feed}`).andThen((r) => this.requests.decode(r, wire.latestQuote));
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
      return this.requests.paged(this.data, `/v1beta1/options/snapshots/${encodeURIComponent(ticker)}`, snapshotQuery, (body) => [...wire.snapshots(body)]).andThen((entries) => {
        const bySymbol = new Map(entries);
        const needsSpot = contracts.some((c) => {
          const snap = bySymbol.get(c.symbol);
          return snap?.impliedVolatility === undefined || snap.greeks === undefined;
        });
        const spot = needsSpot ? this.stockQuote(ticker).map((q) => (q.bid + q.ask) / 2) : okAsync(null);
        return spot.map((s) =>
          pricedAlpacaChain({ contracts, snapshots: bySymbol, expiry, spot: s, now: this.now(), rate: this.rate, dividendYield: this.dividendYieldOf(ticker) }),
        );
      });
    });
  }

  private contracts(ticker: string, query: Record<string, string>): ResultAsync<wire.WireContract[], MarketDataError> {
    return this.requests.paged(this.trading, '/v2/options/contracts', { ...query, limit: String(CONTRACT_PAGE) }, (body) => wire.standardContracts(body, ticker));
  }

  /** Whether the session of `date` has not closed yet at `now` (today's bar is still forming). */
  private sessionOpenOrAhead(date: string, now: number): boolean {
    const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    return now < sessionClose(day);
  }
}
