import type { CorporateEvents, DailyBar, IvPoint, MarketData, MarketDataError, MarketSession, OptionContract, Quote } from '@condor/core';
import { CoalescingCache, exchangeSession } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { SchwabSession } from './schwab-session.js';
import { isObject, num, toCompactSymbol, type Json } from './schwab-wire.js';

type MarketResult<T> = ResultAsync<T, MarketDataError>;

export interface SchwabMarketDataOptions {
  readonly now: () => number;
  /** Used until a chain has been read (whose `interestRate` then serves); 0.04 by default. */
  readonly riskFreeRate?: number;
  /** How long a quote and a chain are reused (default 15 s). */
  readonly quoteTtlMs?: number;
}

/** One session's hours as Schwab gives them for a date. */
export interface SchwabMarketHours {
  readonly date: string;
  readonly isOpen: boolean;
  /** Regular session start and end, epoch ms; null on a day without one. */
  readonly regular: { readonly start: number; readonly end: number } | null;
}

const TICKER = /^\$?[A-Z0-9./]{1,10}$/;

const HOURS_TTL_MS = 15 * 60_000;

/**
 * A person's Schwab market (design §17) over `/marketdata/v1`: quotes, the expiration chain, an expiration's chain
 * with Schwab's greeks (theta per day and vega per volatility point, converted to condor's per year and per 1.00)
 * and IV (percent), daily price history for backtests, and market hours. Schwab keeps no IV history and no
 * earnings calendar: `ivHistory` is unsupported and `events` knows dividends only (the quote's last and next
 * ex-dates). Requests go through the link's session, so the app's request budget is shared.
 */
export class SchwabMarketData implements MarketData {
  private readonly quotes: CoalescingCache<Json | null, MarketDataError>;
  /** A date's hours do not change within the day: read once per link every 15 minutes, not on every session check. */
  private readonly hours: CoalescingCache<SchwabMarketHours, MarketDataError>;
  private rate: number;

  constructor(
    private readonly api: SchwabSession,
    private readonly options: SchwabMarketDataOptions,
  ) {
    this.rate = options.riskFreeRate ?? 0.04;
    this.quotes = new CoalescingCache({ ttlMs: options.quoteTtlMs ?? 15_000, now: options.now });
    this.hours = new CoalescingCache({ ttlMs: HOURS_TTL_MS, now: options.now });
  }

  /** The exchange's session, with Schwab's own hours for today: a day Schwab says is closed is closed. */
  session(): MarketResult<MarketSession> {
    const now = this.options.now();
    const base = exchangeSession(now, false);
    return this.marketHours(newYorkDate(now)).map((hours): MarketSession => {
      if (!hours.isOpen || hours.regular === null) return { ...base, kind: 'closed', closesAt: null };
      const open = now >= hours.regular.start && now < hours.regular.end;
      return open ? { ...base, kind: 'regular', closesAt: hours.regular.end } : { ...base, kind: 'closed', closesAt: null };
    });
  }

  /** Schwab's equity-option hours on a date (`GET /markets?markets=option&date=`). */
  marketHours(date: string): MarketResult<SchwabMarketHours> {
    return this.hours.get(date, () => this.readHours(date));
  }

  private readHours(date: string): MarketResult<SchwabMarketHours> {
    return this.get(`/marketdata/v1/markets?${new URLSearchParams({ markets: 'option', date }).toString()}`).map((data) => {
      const option = isObject(data) && isObject(data.option) ? data.option : {};
      const eqo = isObject(option.EQO) ? option.EQO : isObject(option.equity) ? option.equity : {};
      const regular: unknown = isObject(eqo.sessionHours) && Array.isArray(eqo.sessionHours.regularMarket) ? eqo.sessionHours.regularMarket[0] : undefined;
      const range = isObject(regular) && typeof regular.start === 'string' && typeof regular.end === 'string' ? { start: Date.parse(regular.start), end: Date.parse(regular.end) } : null;
      return { date, isOpen: eqo.isOpen === true, regular: range !== null && Number.isFinite(range.start) && Number.isFinite(range.end) ? range : null };
    });
  }

  isTradeable(symbol: string): MarketResult<boolean> {
    return this.quoteOf(symbol).map((q) => q !== null && (!isObject(q.quote) || q.quote.securityStatus === undefined || q.quote.securityStatus === 'Normal'));
  }

  quote(symbol: string): MarketResult<Quote> {
    return this.known(symbol).map(({ ticker, quote }) => {
      const q = isObject(quote.quote) ? quote.quote : {};
      const last = numberOr(q.lastPrice, numberOr(q.mark, 0));
      return { symbol: ticker, bid: numberOr(q.bidPrice, last), ask: numberOr(q.askPrice, last), last, time: numberOr(q.quoteTime, this.options.now()) };
    });
  }

  expirations(symbol: string): MarketResult<readonly string[]> {
    return this.known(symbol).andThen(({ ticker }) =>
      this.get(`/marketdata/v1/expirationchain?${new URLSearchParams({ symbol: ticker }).toString()}`).map((data) => {
        const today = newYorkDate(this.options.now());
        const list = isObject(data) && Array.isArray(data.expirationList) ? data.expirationList : [];
        return [...new Set(list.filter(isObject).map((e) => String(e.expirationDate)).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d >= today))].sort();
      }),
    );
  }

  optionChain(symbol: string, expiry: string): MarketResult<readonly OptionContract[]> {
    return this.known(symbol).andThen(({ ticker }) => {
      const query = new URLSearchParams({ symbol: ticker, contractType: 'ALL', includeUnderlyingQuote: 'false', strategy: 'SINGLE', fromDate: expiry, toDate: expiry });
      return this.get(`/marketdata/v1/chains?${query.toString()}`).map((data) => {
        if (!isObject(data)) return [];
        if (typeof data.interestRate === 'number' && Number.isFinite(data.interestRate)) this.rate = data.interestRate / 100;
        const contracts = [...contractsOf(data.callExpDateMap, expiry), ...contractsOf(data.putExpDateMap, expiry)];
        return contracts.sort((a, b) => a.strike - b.strike || (a.type === b.type ? 0 : a.type === 'call' ? -1 : 1));
      });
    });
  }

  /** Completed sessions from `pricehistory` (daily candles stamped at midnight US Central), both dates inclusive. */
  dailyBars(symbol: string, fromDate: string, toDate: string): MarketResult<readonly DailyBar[]> {
    return this.known(symbol).andThen(({ ticker }) => {
      const query = new URLSearchParams({
        symbol: ticker,
        periodType: 'year',
        frequencyType: 'daily',
        frequency: '1',
        startDate: String(Date.parse(`${fromDate}T00:00:00Z`)),
        endDate: String(Date.parse(`${toDate}T23:59:59Z`)),
        needExtendedHoursData: 'false',
      });
      const today = newYorkDate(this.options.now());
      const closed = exchangeSession(this.options.now(), false).kind !== 'regular';
      return this.get(`/marketdata/v1/pricehistory?${query.toString()}`).map((data) =>
        (isObject(data) && Array.isArray(data.candles) ? data.candles : [])
          .filter(isObject)
          .map((c) => ({ date: chicagoDate(num(c, 'datetime')), open: num(c, 'open'), high: num(c, 'high'), low: num(c, 'low'), close: num(c, 'close'), volume: numberOr(c.volume, 0) }))
          .filter((bar) => bar.date >= fromDate && bar.date <= toDate && (bar.date < today || (bar.date === today && closed)))
          .sort((a, b) => (a.date < b.date ? -1 : 1)),
      );
    });
  }

  ivHistory(symbol: string): MarketResult<readonly IvPoint[]> {
    return this.known(symbol).andThen(() => errAsync<readonly IvPoint[], MarketDataError>({ kind: 'unsupported', message: "Schwab's API keeps no implied-volatility history." }));
  }

  riskFreeRate(): MarketResult<number> {
    return okAsync(this.rate);
  }

  /** The quote's `fundamental.divYield` (percent, simple), continuously compounded. */
  dividendYield(symbol: string): MarketResult<number> {
    return this.known(symbol).map(({ quote }) => Math.log1p(Math.max(0, numberOr(isObject(quote.fundamental) ? quote.fundamental.divYield : 0, 0)) / 100));
  }

  /** Dividends at the quote's last and next ex-dates (`divExDate`, `nextDivExDate`) at `divPayAmount`; earnings unknown (null). */
  events(symbol: string, fromDate: string, toDate: string): MarketResult<CorporateEvents> {
    return this.known(symbol).map(({ quote }) => {
      const f = isObject(quote.fundamental) ? quote.fundamental : {};
      const amount = numberOr(f.divPayAmount, 0);
      const dates = [f.divExDate, f.nextDivExDate].filter((d): d is string => typeof d === 'string').map((d) => newYorkDate(Date.parse(d)));
      const dividends = amount > 0 ? [...new Set(dates)].filter((d) => d >= fromDate && d <= toDate).sort().map((exDate) => ({ exDate, amount })) : [];
      return { earnings: null, dividends };
    });
  }

  private known(symbol: string): MarketResult<{ readonly ticker: string; readonly quote: Json }> {
    const ticker = symbol.toUpperCase();
    return this.quoteOf(ticker).andThen((quote) => (quote === null ? errAsync<never, MarketDataError>({ kind: 'unknown_symbol' }) : okAsync({ ticker, quote })));
  }

  /** The symbol's quote entry, or null when Schwab lists it under `errors.invalidSymbols`. */
  private quoteOf(symbol: string): MarketResult<Json | null> {
    const ticker = symbol.toUpperCase();
    if (!TICKER.test(ticker)) return okAsync(null);
    return this.quotes.get(ticker, () =>
      this.get(`/marketdata/v1/quotes?${new URLSearchParams({ symbols: ticker, fields: 'quote,reference,fundamental', indicative: 'false' }).toString()}`).map((data) => {
        const entry = isObject(data) ? data[ticker] : undefined;
        return isObject(entry) ? entry : null;
      }),
    );
  }

  private get(path: string): MarketResult<unknown> {
    return this.api
      .request('GET', path, { idempotent: true })
      .mapErr((error): MarketDataError => {
        if (error.kind === 'rate_limited') return error;
        if (error.kind === 'auth_failed') {
          return { kind: 'not_served', message: `Schwab cannot serve your market data: ${error.message}`, suggestion: 'Log in at Schwab again from the broker keys page (/broker-keys).', loginAt: 'Schwab' };
        }
        return { kind: 'unavailable', message: error.message };
      })
      .andThen((response) => (response.status === 200 ? okAsync(response.data) : errAsync<unknown, MarketDataError>({ kind: 'unavailable', message: `Schwab answered ${String(response.status)}: ${response.reason}` })));
  }
}

/** The contracts of one expiration in a `callExpDateMap`/`putExpDateMap` (`"yyyy-MM-dd:DTE"` → `"strike"` → `[contract]`). */
function contractsOf(map: unknown, expiry: string): OptionContract[] {
  if (!isObject(map)) return [];
  const contracts: OptionContract[] = [];
  for (const [key, strikes] of Object.entries(map)) {
    if (key.split(':')[0] !== expiry || !isObject(strikes)) continue;
    for (const list of Object.values(strikes)) {
      for (const raw of Array.isArray(list) ? list : []) {
        if (!isObject(raw)) continue;
        const symbol = toCompactSymbol(String(raw.symbol));
        if (symbol === null) continue;
        const type = raw.putCall === 'CALL' ? 'call' : 'put';
        // The spec names them bidPrice/askPrice/…; real payloads bid/ask/… (reference §4): read both.
        const bid = numberOr(raw.bid, numberOr(raw.bidPrice, 0));
        const ask = numberOr(raw.ask, numberOr(raw.askPrice, bid));
        const last = numberOr(raw.last, numberOr(raw.lastPrice, Number.NaN));
        const vol = numberOr(raw.volatility, Number.NaN) / 100;
        const delta = numberOr(raw.delta, Number.NaN);
        // Deep in-the-money contracts carry absurd volatilities (7805 %); such a figure is no figure.
        const volatility = Number.isFinite(vol) && vol > 0 && vol < 5 ? vol : null;
        const greeks =
          volatility !== null && Number.isFinite(delta) && Math.abs(delta) <= 1
            ? { delta, gamma: numberOr(raw.gamma, 0), theta: numberOr(raw.theta, 0) * 365, vega: numberOr(raw.vega, 0) * 100 }
            : null;
        contracts.push({
          symbol,
          type,
          strike: num(raw, 'strikePrice'),
          expiry,
          bid,
          ask: Math.max(ask, bid),
          ...(Number.isFinite(last) && last > 0 ? { last } : {}),
          volatility,
          greeks,
          openInterest: numberOr(raw.openInterest, 0),
          volume: numberOr(raw.totalVolume, 0),
          quoteTime: numberOr(raw.quoteTimeInLong, 0),
        });
      }
    }
  }
  return contracts;
}

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const newYorkDate = (ms: number): string => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const chicagoDate = (ms: number): string => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
