import type { FakeMarket } from './fake-tastytrade-market.js';
import { parseOcc } from './fake-tastytrade-market.js';
import { refuse, type Refusal } from './fake-tastytrade-orders.js';

/**
 * The fake's market data, from the shapes in reference §4: `GET /market-data/by-type` (kebab-case decimal
 * strings, at most 100 symbols, keys with or without brackets), `GET /market-metrics`, the historic corporate
 * events, and `GET /instruments/equities/{symbol}`. Dates are relative to the fake's today: quarterly earnings
 * on Thursdays (the next one 30 days or more away) and quarterly ex-dividend dates on Mondays (the next one 10
 * days or more away, named only by the metrics; the history holds the past ones).
 */

/** What the fake's metrics say about one underlying; a test may change any of it. */
export interface FakeMetricsSpec {
  /** Annualised. */
  readonly ivIndex: number;
  /** 0–1, as tastytrade sends them. */
  readonly ivRank: number;
  readonly ivPercentile: number;
  /** Annual, simple; null for a symbol that pays none. */
  readonly dividendYield: number | null;
  /** The quarterly dividend per share; null for none. */
  readonly dividendAmount: number | null;
  /** Whether the metrics carry a visible earnings block (ETFs have none). */
  readonly earnings: boolean;
  /** The next report's date instead of the computed one (a stale date, for instance). */
  readonly nextEarnings?: string;
}

export const DEFAULT_METRICS: Readonly<Record<string, FakeMetricsSpec>> = {
  SPY: { ivIndex: 0.152, ivRank: 0.284, ivPercentile: 0.412, dividendYield: 0.0118, dividendAmount: 1.78, earnings: false },
  QQQ: { ivIndex: 0.198, ivRank: 0.356, ivPercentile: 0.447, dividendYield: 0.0055, dividendAmount: 0.71, earnings: false },
  IWM: { ivIndex: 0.221, ivRank: 0.512, ivPercentile: 0.603, dividendYield: 0.0112, dividendAmount: 0.59, earnings: false },
  AAPL: { ivIndex: 0.2618, ivRank: 0.4273, ivPercentile: 0.3308, dividendYield: 0.0045, dividendAmount: 0.26, earnings: true },
};

/** Equities the fake knows that cannot be traded: an inactive listing and one that is closing-only. */
const UNTRADEABLE: Readonly<Record<string, { readonly active: boolean; readonly closingOnly: boolean }>> = {
  OLD: { active: false, closingOnly: false },
  CLSD: { active: true, closingOnly: true },
};

const DAY_MS = 86_400_000;
const QUARTER_DAYS = 91;
const HISTORY_QUARTERS = 8;
const BY_TYPE_KEYS = ['equity', 'equity-option', 'index', 'future', 'future-option', 'cryptocurrency'] as const;

export type MarketAnswer = { readonly status: 200; readonly data: unknown } | Refusal;

export class FakeQuotes {
  private readonly metrics = new Map<string, FakeMetricsSpec>(Object.entries(DEFAULT_METRICS));

  constructor(
    private readonly market: FakeMarket,
    private readonly now: () => number,
  ) {}

  /** Changes what the metrics say about a symbol. */
  setMetrics(symbol: string, spec: Partial<FakeMetricsSpec>): void {
    const current = this.metrics.get(symbol) ?? { ivIndex: 0.2, ivRank: 0.5, ivPercentile: 0.5, dividendYield: null, dividendAmount: null, earnings: false };
    this.metrics.set(symbol, { ...current, ...spec });
  }

  /** The answer to a market-data request, or null for a path that is not one. */
  answer(method: string, path: string, query: URLSearchParams): MarketAnswer | null {
    if (method !== 'GET') return null;
    if (path === '/market-data/by-type') return this.byType(query);
    if (path === '/market-metrics') return this.metricItems(query);
    const history = /^\/market-metrics\/historic-corporate-events\/(dividends|earnings-reports)\/([^/]+)$/.exec(path);
    if (history) return this.history(history[1] === 'dividends' ? 'dividends' : 'earnings', decodeURIComponent(history[2] ?? ''), query);
    const equity = /^\/instruments\/equities\/([^/]+)$/.exec(path);
    if (equity) return this.equity(decodeURIComponent(equity[1] ?? ''));
    return null;
  }

  /** The next report date and the past ones, newest first (Thursdays, a quarter apart). */
  earningsDates(symbol: string): { readonly next: string; readonly past: readonly string[] } | null {
    const spec = this.metrics.get(symbol);
    if (!spec?.earnings) return null;
    const next = weekdayOnOrAfter(this.market.today(), 30, 4);
    return { next: spec.nextEarnings ?? next, past: quartersBefore(next) };
  }

  /** The next ex-dividend date and the past ones, newest first (Mondays, a quarter apart), with the amount. */
  dividendDates(symbol: string): { readonly next: string; readonly past: readonly string[]; readonly amount: number } | null {
    const amount = this.metrics.get(symbol)?.dividendAmount ?? null;
    if (amount === null) return null;
    const next = weekdayOnOrAfter(this.market.today(), 10, 1);
    return { next, past: quartersBefore(next), amount };
  }

  private byType(query: URLSearchParams): MarketAnswer {
    const requested = BY_TYPE_KEYS.flatMap((key) => [...query.getAll(key), ...query.getAll(`${key}[]`)].map((symbol) => ({ key, symbol })));
    if (requested.length > 100) return refuse(400, 'invalid_request', 'At most 100 symbols may be requested at once');
    const updatedAt = new Date(this.now()).toISOString();
    const items = requested.flatMap(({ key, symbol }) => {
      if (key === 'equity') {
        const price = this.market.price(symbol);
        return price === undefined ? [] : [equityQuote(symbol, price, updatedAt)];
      }
      const contract = key === 'equity-option' ? parseOcc(symbol) : null;
      if (contract === null || !this.market.listed(contract)) return [];
      return [optionQuote(symbol, this.market.mark(contract), contract.strike, updatedAt)];
    });
    return { status: 200, data: { items } };
  }

  private metricItems(query: URLSearchParams): MarketAnswer {
    const symbols = (query.get('symbols') ?? '').split(',').filter((symbol) => symbol !== '');
    if (symbols.length === 0) return refuse(400, 'invalid_request', 'symbols is required');
    const items = symbols.flatMap((symbol) => {
      const spec = this.metrics.get(symbol);
      return spec === undefined || this.market.price(symbol) === undefined ? [] : [this.metricsItem(symbol, spec)];
    });
    return { status: 200, data: { items } };
  }

  private metricsItem(symbol: string, spec: FakeMetricsSpec): Record<string, unknown> {
    const earnings = this.earningsDates(symbol);
    const dividends = this.dividendDates(symbol);
    return {
      symbol,
      'implied-volatility-index': spec.ivIndex.toFixed(4),
      'implied-volatility-index-5-day-change': '-0.0002',
      'implied-volatility-index-rank': spec.ivRank.toFixed(4),
      'tos-implied-volatility-index-rank': spec.ivRank.toFixed(4),
      'tw-implied-volatility-index-rank': (spec.ivRank * 0.9).toFixed(4),
      'implied-volatility-index-rank-source': 'tos',
      'implied-volatility-percentile': spec.ivPercentile.toFixed(4),
      'liquidity-value': '73679.13',
      'liquidity-rank': '0.3961',
      'liquidity-rating': 4,
      'option-expiration-implied-volatilities': [],
      beta: '1.08',
      'corr-spy-3month': '0.27',
      'market-cap': 4514709583000,
      // Percent, unlike the index above.
      'implied-volatility-30-day': (spec.ivIndex * 100).toFixed(2),
      'historical-volatility-30-day': '18.20',
      ...(spec.dividendYield === null ? {} : { 'dividend-yield': spec.dividendYield.toFixed(4) }),
      ...(dividends === null ? {} : { 'dividend-ex-date': dividends.next, 'dividend-pay-date': addDays(dividends.next, 14) }),
      ...(earnings === null
        ? {}
        : {
            earnings: {
              visible: true,
              'expected-report-date': earnings.next,
              estimated: true,
              'late-flag': 0,
              'quarter-end-date': addDays(earnings.next, -30),
              'actual-eps': '1.57',
              'consensus-estimate': '1.86',
            },
          }),
      'updated-at': new Date(this.now()).toISOString(),
    };
  }

  private history(kind: 'dividends' | 'earnings', symbol: string, query: URLSearchParams): MarketAnswer {
    if (this.market.price(symbol) === undefined) return refuse(404, 'record_not_found', `No corporate events for ${symbol}`);
    if (kind === 'dividends') {
      const dividends = this.dividendDates(symbol);
      const items = (dividends?.past ?? []).map((date) => ({ 'occurred-date': date, amount: dividends?.amount.toFixed(2) }));
      return { status: 200, data: { items } };
    }
    const start = query.get('start-date') ?? '0000-00-00';
    const items = (this.earningsDates(symbol)?.past ?? []).filter((date) => date >= start).map((date) => ({ 'occurred-date': date, eps: '1.52' }));
    return { status: 200, data: { items } };
  }

  private equity(symbol: string): MarketAnswer {
    const untradeable = UNTRADEABLE[symbol];
    if (this.market.price(symbol) === undefined && untradeable === undefined) return refuse(404, 'record_not_found', `Equity ${symbol} not found`);
    return {
      status: 200,
      data: {
        symbol,
        'instrument-type': 'Equity',
        description: `${symbol} (fake)`,
        'is-etf': ['SPY', 'QQQ', 'IWM'].includes(symbol),
        'is-index': false,
        'listed-market': 'XNAS',
        active: untradeable?.active ?? true,
        'is-closing-only': untradeable?.closingOnly ?? false,
        'is-illiquid': false,
        'is-options-closing-only': false,
        lendability: 'Easy To Borrow',
        'streamer-symbol': symbol,
      },
    };
  }
}

function equityQuote(symbol: string, price: number, updatedAt: string): Record<string, unknown> {
  return {
    symbol,
    'instrument-type': 'Equity',
    'updated-at': updatedAt,
    bid: (price - 0.01).toFixed(2),
    'bid-size': '240.0',
    ask: (price + 0.01).toFixed(2),
    'ask-size': '80.0',
    mid: price.toFixed(3),
    mark: price.toFixed(4),
    last: price.toFixed(4),
    open: (price * 0.995).toFixed(2),
    'day-high-price': (price * 1.006).toFixed(2),
    'day-low-price': (price * 0.99).toFixed(2),
    'prev-close': (price * 0.997).toFixed(2),
    volume: '16006738.79',
    'is-trading-halted': false,
    'halt-start-time': -1,
    'halt-end-time': -1,
  };
}

/** A two-sided market around the mark (a cent each side below $3, a nickel above), so the mid is the mark. */
function optionQuote(symbol: string, mark: number, strike: number, updatedAt: string): Record<string, unknown> {
  const half = mark >= 3 ? 0.05 : 0.01;
  const openInterest = 500 + Math.round((strike * 37) % 1500);
  return {
    symbol,
    'instrument-type': 'Equity Option',
    'updated-at': updatedAt,
    bid: (mark - half).toFixed(2),
    'bid-size': '12.0',
    ask: (mark + half).toFixed(2),
    'ask-size': '10.0',
    mid: mark.toFixed(3),
    mark: mark.toFixed(3),
    last: mark.toFixed(2),
    volume: String(Math.round(openInterest / 8)),
    'open-interest': String(openInterest),
    'is-trading-halted': false,
  };
}

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first `weekday` (0 Sunday … 6 Saturday) at least `days` after `today`. */
function weekdayOnOrAfter(today: string, days: number, weekday: number): string {
  let date = addDays(today, days);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== weekday) date = addDays(date, 1);
  return date;
}

/** The same weekday a quarter (13 weeks) apart, going back from `next`, newest first. */
const quartersBefore = (next: string): string[] => Array.from({ length: HISTORY_QUARTERS }, (_, k) => addDays(next, -QUARTER_DAYS * (k + 1)));
