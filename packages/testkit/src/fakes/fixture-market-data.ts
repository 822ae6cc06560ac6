import type { CorporateEvents, DailyBar, IvPoint, MarketData, MarketDataError, MarketSession, OptionContract, Quote } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';

/** One underlying of a fixture market. */
export interface FixtureSymbol {
  readonly quote: Quote;
  readonly tradeable?: boolean;
  readonly dividendYield?: number;
  /** Contracts by expiry date. */
  readonly chains?: Readonly<Record<string, readonly OptionContract[]>>;
  readonly bars?: readonly DailyBar[];
  readonly ivHistory?: readonly IvPoint[];
  /** Its earnings and dividends, any order (default: known to have none); `events` answers those in range, ascending. */
  readonly events?: CorporateEvents;
}

const NO_EVENTS: CorporateEvents = { earnings: [], dividends: [] };

/** The regular session of Monday 2026-01-05, the day FakeClock starts on: a fixture market is open unless told otherwise. */
export const FIXTURE_OPEN_SESSION: MarketSession = {
  kind: 'regular',
  simulated: false,
  closesAt: Date.UTC(2026, 0, 5, 21),
  nextOpen: Date.UTC(2026, 0, 6, 14, 30),
  lastClose: Date.UTC(2026, 0, 2, 21),
};

/** The weekend before it: closed, quotes from Friday 2026-01-02's close. */
export const FIXTURE_CLOSED_SESSION: MarketSession = {
  kind: 'closed',
  simulated: false,
  closesAt: null,
  nextOpen: Date.UTC(2026, 0, 5, 14, 30),
  lastClose: Date.UTC(2026, 0, 2, 21),
};

/**
 * A market that answers exactly what it was given — for tests that need hand-built chains. Unknown
 * symbols fail with `unknown_symbol`; `failWith` makes every call fail (rate limits, outages);
 * `marketSession` is the session it reports (open by default); `setEvents` replaces a symbol's events.
 */
export class FixtureMarketData implements MarketData {
  failWith: MarketDataError | null = null;
  marketSession: MarketSession = FIXTURE_OPEN_SESSION;
  private readonly eventOverrides = new Map<string, CorporateEvents>();

  constructor(
    private readonly symbols: Readonly<Record<string, FixtureSymbol>> = {},
    private readonly rate = 0.04,
  ) {}

  private symbol(symbol: string): ResultAsync<FixtureSymbol, MarketDataError> {
    if (this.failWith !== null) return errAsync(this.failWith);
    const found = this.symbols[symbol];
    return found === undefined ? errAsync({ kind: 'unknown_symbol' }) : okAsync(found);
  }

  session(): ResultAsync<MarketSession, MarketDataError> {
    return this.failWith === null ? okAsync(this.marketSession) : errAsync(this.failWith);
  }
  isTradeable(symbol: string): ResultAsync<boolean, MarketDataError> {
    if (this.failWith !== null) return errAsync(this.failWith);
    return okAsync(this.symbols[symbol]?.tradeable ?? this.symbols[symbol] !== undefined);
  }
  quote(symbol: string): ResultAsync<Quote, MarketDataError> {
    return this.symbol(symbol).map((s) => s.quote);
  }
  expirations(symbol: string): ResultAsync<readonly string[], MarketDataError> {
    return this.symbol(symbol).map((s) => Object.keys(s.chains ?? {}).sort());
  }
  optionChain(symbol: string, expiry: string): ResultAsync<readonly OptionContract[], MarketDataError> {
    return this.symbol(symbol).map((s) => s.chains?.[expiry] ?? []);
  }
  dailyBars(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError> {
    return this.symbol(symbol).map((s) => (s.bars ?? []).filter((b) => b.date >= fromDate && b.date <= toDate));
  }
  ivHistory(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly IvPoint[], MarketDataError> {
    return this.symbol(symbol).map((s) => (s.ivHistory ?? []).filter((p) => p.date >= fromDate && p.date <= toDate));
  }
  riskFreeRate(): ResultAsync<number, MarketDataError> {
    return this.failWith === null ? okAsync(this.rate) : errAsync(this.failWith);
  }
  dividendYield(symbol: string): ResultAsync<number, MarketDataError> {
    return this.symbol(symbol).map((s) => s.dividendYield ?? 0);
  }
  events(symbol: string, fromDate: string, toDate: string): ResultAsync<CorporateEvents, MarketDataError> {
    const within = (date: string): boolean => date >= fromDate && date <= toDate;
    return this.symbol(symbol).map((s) => {
      const { earnings, dividends } = this.eventOverrides.get(symbol) ?? s.events ?? NO_EVENTS;
      return {
        earnings: earnings && earnings.filter(within).sort(),
        dividends: dividends && dividends.filter((d) => within(d.exDate)).sort((a, b) => a.exDate.localeCompare(b.exDate)),
      };
    });
  }
  /** Replaces the events of a known symbol (null lists: the provider does not know that kind). */
  setEvents(symbol: string, events: CorporateEvents): void {
    this.eventOverrides.set(symbol, events);
  }
}
