import type { CorporateEvents, DailyBar, IvPoint, MarketData, MarketDataError, MarketSession, OptionContract, Quote } from '@condor/core';
import { easternDay, exchangeSession, formatDay, parseDay } from '@condor/core';
import type { DxlinkCandlesOptions } from './dxlink/dxlink-candles.js';
import { TastytradeCandles, type SessionCandle } from './tastytrade-candles.js';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { CoalescingCache } from '@condor/core';
import { pricedChain, underlyingQuote } from './tastytrade-chain-pricing.js';
import { dividendsIn, type DayRange } from './tastytrade-dividends.js';
import { TastytradeMarketRequests, unavailable, unsupported } from './tastytrade-market-requests.js';
import * as wire from './tastytrade-market-wire.js';
import type { TastytradeSession } from './tastytrade-session.js';

export interface TastytradeMarketDataOptions {
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** tastytrade's REST API publishes no rate for pricing, so it is configured: 0.04 by default. */
  readonly riskFreeRate?: number;
  /** How long a priced chain is reused; 30 s by default. */
  readonly quoteTtlMs?: number;
  /** How long a nested chain and an instrument's tradeability are reused; 5 minutes by default (they change daily). */
  readonly listingTtlMs?: number;
  /** How long a symbol's market metrics (IV rank, yield, next earnings and ex-date) are reused; 15 minutes by default. */
  readonly metricsTtlMs?: number;
  /** How long a symbol's past earnings and dividends are reused; an hour by default. */
  readonly historyTtlMs?: number;
  /** How long a symbol's daily candles are reused; 5 minutes by default. */
  readonly candleTtlMs?: number;
  /** The DXLink connection of daily candles: socket factory, timers, idle close (60 s), quiet and keepalive times. */
  readonly dxlink?: DxlinkCandlesOptions;
}

/** Today's IV rank at tastytrade, on condor's scale. */
export interface TastytradeIvRank {
  /** 0–100 like core's `ivRank`: `implied-volatility-index-rank` × 100 (tastytrade's 52 weeks); null when it has none. */
  readonly rank: number | null;
  /** 0–100: `implied-volatility-percentile` × 100; null when it has none. */
  readonly percentile: number | null;
  /** The implied-volatility index ranked, annualised (0.2 = 20 %); null when it has none. */
  readonly volatility: number | null;
}

type MarketResult<T> = ResultAsync<T, MarketDataError>;

const TICKER = /^[A-Z0-9./]{1,10}$/;

/**
 * tastytrade's market data as a MarketData: tradeability from the equity instrument, expirations and contracts
 * from the nested chain, bid and ask of the underlying and of an expiration's contracts from
 * `GET /market-data/by-type` in calls of at most 100 symbols, and IV and greeks computed from the mids with core's
 * solver and model (tastytrade's REST quotes carry neither). Market metrics give the dividend yield, today's IV rank
 * (`ivRankToday`) and the next earnings date and ex-dividend date; the historic corporate events give past ones.
 * Daily bars and the IV history come from DXLink `Candle` events (`SYMBOL{=1d}`, their `impVolatility`) over one
 * WebSocket per instance, shared by concurrent requests and closed when idle: keep one instance per link. A
 * history the stream cut short answers `unavailable`, never a partial history. On the sandbox, whose market data
 * and metrics are absent (a 502), the failure says so.
 * @example
 * const market = brokers.marketData({ ownerId: 'condor', environment: 'live', credentials });
 * const chain = await market.optionChain('SPY', '2026-12-18'); // Ok([...contracts by strike, call before put])
 * const bars = await market.dailyBars('SPY', '2023-03-01', '2026-02-27'); // Ok([{ date: '2023-03-01', … }, …])
 */
export class TastytradeMarketData implements MarketData {
  private readonly now: () => number;
  private readonly rate: number;
  private readonly instruments: CoalescingCache<boolean | null, MarketDataError>;
  private readonly listings: CoalescingCache<readonly wire.ChainExpiration[], MarketDataError>;
  private readonly chains: CoalescingCache<readonly OptionContract[], MarketDataError>;
  private readonly metrics: CoalescingCache<wire.WireMetrics | null, MarketDataError>;
  private readonly histories: CoalescingCache<readonly wire.WireOccurrence[], MarketDataError>;

  private readonly requests: TastytradeMarketRequests;
  private readonly candles: TastytradeCandles;

  constructor(api: TastytradeSession, options: TastytradeMarketDataOptions) {
    this.now = options.now;
    this.requests = new TastytradeMarketRequests(api, this.now);
    this.rate = options.riskFreeRate ?? 0.04;
    const listing = { ttlMs: options.listingTtlMs ?? 300_000, now: this.now };
    this.instruments = new CoalescingCache(listing);
    this.listings = new CoalescingCache(listing);
    this.chains = new CoalescingCache({ ttlMs: options.quoteTtlMs ?? 30_000, now: this.now });
    this.metrics = new CoalescingCache({ ttlMs: options.metricsTtlMs ?? 900_000, now: this.now });
    this.histories = new CoalescingCache({ ttlMs: options.historyTtlMs ?? 3_600_000, now: this.now });
    this.candles = new TastytradeCandles(this.requests, { now: this.now, ttlMs: options.candleTtlMs ?? 300_000, ...(options.dxlink === undefined ? {} : { dxlink: options.dxlink }) });
  }

  /** The exchange's regular session or closed, from the exchange calendar (tastytrade's quotes outside it are the last ones). */
  session(): MarketResult<MarketSession> {
    return okAsync(exchangeSession(this.now(), false));
  }

  isTradeable(symbol: string): MarketResult<boolean> {
    return this.instrument(symbol.toUpperCase()).map((tradeable) => tradeable === true);
  }

  quote(symbol: string): MarketResult<Quote> {
    return this.known(symbol).andThen((ticker) =>
      this.quotes([ticker], []).andThen((quotes) => {
        const quote = underlyingQuote(ticker, quotes.get(ticker), this.now());
        return quote === null ? errAsync(unavailable(`tastytrade has no price for ${ticker}`)) : okAsync(quote);
      }),
    );
  }

  expirations(symbol: string): MarketResult<readonly string[]> {
    return this.known(symbol).andThen((ticker) => {
      const today = this.today();
      return this.listing(ticker).map((listed) => listed.map((expiration) => expiration.date).filter((date) => date >= today));
    });
  }

  optionChain(symbol: string, expiry: string): MarketResult<readonly OptionContract[]> {
    return this.known(symbol).andThen((ticker) => this.chains.get(`${ticker}|${expiry}`, () => this.fetchChain(ticker, expiry)));
  }

  /** Completed sessions from the DXLink daily candles, dated in New York; today's bar only once the session has closed. */
  dailyBars(symbol: string, fromDate: string, toDate: string): MarketResult<readonly DailyBar[]> {
    return this.sessionsIn(symbol, fromDate, toDate).map(({ sessions }) =>
      sessions.map(({ date, open, high, low, close, volume }) => ({ date, open, high, low, close, volume })),
    );
  }

  /** The candles' `impVolatility` by session, where tastytrade has it; `unsupported` when none of the symbol's candles carries one. */
  ivHistory(symbol: string, fromDate: string, toDate: string): MarketResult<readonly IvPoint[]> {
    return this.sessionsIn(symbol, fromDate, toDate).andThen(({ ticker, all, sessions }) => {
      if (!all.some((candle) => candle.impVolatility !== null)) return errAsync(unsupported(`tastytrade's daily candles of ${ticker} carry no implied volatility`));
      return okAsync(sessions.flatMap(({ date, impVolatility }) => (impVolatility === null ? [] : [{ date, volatility: impVolatility }])));
    });
  }

  /** Closes the DXLink connection now (it also closes itself when idle). */
  close(): void {
    this.candles.close();
  }

  riskFreeRate(): MarketResult<number> {
    return okAsync(this.rate);
  }

  /** The market metrics' `dividend-yield` (annual, simple), continuously compounded; 0 when tastytrade names none. */
  dividendYield(symbol: string): MarketResult<number> {
    return this.known(symbol).andThen((ticker) => this.continuousYield(ticker));
  }

  /**
   * Earnings: the metrics' next expected report (from today on) and the historic reports (before today); null,
   * unknown, when tastytrade shows no upcoming report date (none visible, or only one already past). Dividends:
   * the historic ones by ex-date and the metrics' next ex-date, at the amount last paid unless tastytrade lists
   * its own; null when an upcoming ex-date has no amount to go by.
   */
  events(symbol: string, fromDate: string, toDate: string): MarketResult<CorporateEvents> {
    if (parseDay(fromDate) === undefined || parseDay(toDate) === undefined) {
      return errAsync(unavailable(`Dates must be YYYY-MM-DD; got ${fromDate} and ${toDate}.`));
    }
    return this.known(symbol).andThen((ticker) => {
      const today = this.today();
      return ResultAsync.combine([this.metricsOf(ticker), this.history('dividends', ticker)]).andThen(([metrics, paid]) =>
        this.earnings(ticker, metrics, { from: fromDate, to: toDate, today }).map((earnings) => ({
          earnings,
          dividends: dividendsIn(metrics, paid, { from: fromDate, to: toDate, today }),
        })),
      );
    });
  }

  /**
   * Today's IV rank and percentile from the market metrics, 0–100 as core ranks, with the IV index they rank.
   * The port's `ivRankToday` capability: tastytrade ranks a year of the real chain's IV, where condor would only
   * have the realised-volatility proxy.
   * @example
   * await market.ivRankToday('AAPL'); // Ok({ rank: 42.73, percentile: 33.08, volatility: 0.2618 })
   */
  ivRankToday(symbol: string): MarketResult<TastytradeIvRank> {
    return this.known(symbol).andThen((ticker) =>
      this.metricsOf(ticker).map((metrics) => ({
        rank: metrics?.ivRank == null ? null : metrics.ivRank * 100,
        percentile: metrics?.ivPercentile == null ? null : metrics.ivPercentile * 100,
        volatility: metrics?.ivIndex ?? null,
      })),
    );
  }

  private fetchChain(ticker: string, expiry: string): MarketResult<readonly OptionContract[]> {
    return this.listing(ticker).andThen((listed) => {
      const contracts = listed.find((expiration) => expiration.date === expiry)?.contracts ?? [];
      if (contracts.length === 0) return okAsync([]);
      // An IV solved with a guessed yield would disagree with core's model: without the metrics it is left null.
      const dividendYield = this.continuousYield(ticker).orElse(() => okAsync(null));
      return ResultAsync.combine([this.quotes([ticker], contracts.map((c) => c.occ)), dividendYield]).map(([quotes, q]) => {
        const now = this.now();
        const spot = underlyingQuote(ticker, quotes.get(ticker), now);
        return pricedChain({ contracts, quotes, spot: spot === null ? null : (spot.bid + spot.ask) / 2, now, rate: this.rate, dividendYield: q });
      });
    });
  }

  /**
   * By-type items by symbol, the underlyings' and the options' together, in calls of at most 100 symbols sent
   * one after another (tastytrade throttles bursts of market-data calls).
   */
  private quotes(equities: readonly string[], options: readonly string[]): MarketResult<Map<string, wire.WireQuote>> {
    const symbols = [...equities.map((symbol) => ({ kind: 'equity' as const, symbol })), ...options.map((symbol) => ({ kind: 'equity-option' as const, symbol }))];
    return wire.batches(symbols, wire.MAX_QUOTE_SYMBOLS).reduce(
      (acc: MarketResult<Map<string, wire.WireQuote>>, batch) =>
        acc.andThen((found) =>
          this.requests.read(`/market-data/by-type?${wire.byTypeQuery(batch)}`, wire.quoteItems).map((items) => {
            for (const item of items) found.set(item.symbol, item);
            return found;
          }),
        ),
      okAsync(new Map<string, wire.WireQuote>()),
    );
  }

  private continuousYield(ticker: string): MarketResult<number> {
    return this.metricsOf(ticker).map((metrics) => Math.log1p(Math.max(0, metrics?.dividendYield ?? 0)));
  }

  private earnings(ticker: string, metrics: wire.WireMetrics | null, range: DayRange): MarketResult<readonly string[] | null> {
    const next = metrics?.nextEarnings ?? null;
    if (next === null || next < range.today) return okAsync(null);
    const past = range.from < range.today ? this.history('earnings-reports', ticker, range.from).map((reports) => reports.map((report) => report.date)) : okAsync([]);
    return past.map((dates) => {
      const inRange = [...dates.filter((date) => date < range.today), next].filter((date) => date >= range.from && date <= range.to);
      return [...new Set(inRange)].sort();
    });
  }

  private metricsOf(ticker: string): MarketResult<wire.WireMetrics | null> {
    return this.metrics.get(ticker, () =>
      this.requests.read(`/market-metrics?${new URLSearchParams({ symbols: ticker }).toString()}`, wire.metricsItems).map(
        (items) => items.find((item) => item.symbol === ticker) ?? null,
      ),
    );
  }

  /** A symbol's past dividends or earnings reports (404: none). */
  private history(kind: 'dividends' | 'earnings-reports', ticker: string, from?: string): MarketResult<readonly wire.WireOccurrence[]> {
    const query = from === undefined ? '' : `?${new URLSearchParams({ 'start-date': from }).toString()}`;
    const path = `/market-metrics/historic-corporate-events/${kind}/${encodeURIComponent(ticker)}${query}`;
    return this.histories.get(path, () => this.requests.get(path).andThen((response) => (response.status === 404 ? okAsync([]) : this.requests.decode(path, response, wire.occurrences))));
  }

  /** The upper-case ticker of a tradeable symbol, else `unknown_symbol`. */
  private known(symbol: string): MarketResult<string> {
    const ticker = symbol.toUpperCase();
    return this.instrument(ticker).andThen((tradeable) => (tradeable === true ? okAsync(ticker) : errAsync({ kind: 'unknown_symbol' as const })));
  }

  /** True for an active equity that is not closing-only, false for one that is not, null for one tastytrade does not know. */
  private instrument(ticker: string): MarketResult<boolean | null> {
    if (!TICKER.test(ticker)) return okAsync(null);
    const path = `/instruments/equities/${encodeURIComponent(ticker)}`;
    return this.instruments.get(ticker, () =>
      this.requests.get(path).andThen((response) => (response.status === 404 ? okAsync(null) : this.requests.decode(path, response, wire.isTradeableEquity))),
    );
  }

  /** The nested chain's expirations (404: the symbol lists no options). */
  private listing(ticker: string): MarketResult<readonly wire.ChainExpiration[]> {
    const path = `/option-chains/${encodeURIComponent(ticker)}/nested`;
    return this.listings.get(ticker, () =>
      this.requests.get(path).andThen((response) => (response.status === 404 ? okAsync([]) : this.requests.decode(path, response, (data) => wire.nestedExpirations(data, ticker)))),
    );
  }

  private sessionsIn(symbol: string, fromDate: string, toDate: string): MarketResult<{ ticker: string; all: readonly SessionCandle[]; sessions: readonly SessionCandle[] }> {
    if (parseDay(fromDate) === undefined || parseDay(toDate) === undefined) return errAsync(unavailable(`Dates must be YYYY-MM-DD; got ${fromDate} and ${toDate}.`));
    return this.known(symbol).andThen((ticker) =>
      this.candles.sessions(ticker, fromDate).map((all) => ({ ticker, all, sessions: all.filter((candle) => candle.date <= toDate) })),
    );
  }

  /** Today's date in New York. */
  private today(): string {
    return formatDay(easternDay(this.now()));
  }
}
