import { exchangeSession, formatDay, isTradingDay, parseDay, sessionClose } from '@condor/core';
import type {
  Clock,
  CorporateEvents,
  DailyBar,
  IvPoint,
  MarketData,
  MarketDataError,
  MarketSession,
  OptionContract,
  Quote,
} from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { buildChain, chainContracts } from './chain.js';
import { calendarEvents } from './event-calendar.js';
import { listedExpiries } from './expirations.js';
import { marketState, type MarketState, type SimSessionMode } from './market-state.js';
import { DailySeries, FIRST_DAY } from './series.js';
import { simSession, type SimSession } from './session.js';
import { tradeableSpec, type LiquidityTier, type SimSymbol } from './universe.js';

/** The flat risk-free rate of the simulated market (continuous, annual). */
export const SIM_RISK_FREE_RATE = 0.04;

const UNKNOWN: MarketDataError = { kind: 'unknown_symbol' };
const NO_HISTORY: MarketDataError = { kind: 'unavailable', message: 'The simulated market has no data before 2015-01-02.' };

const badRange = (fromDate: string, toDate: string): MarketDataError => ({
  kind: 'unavailable',
  message: `Dates must be YYYY-MM-DD; got ${fromDate} and ${toDate}.`,
});

interface Resolved {
  readonly spec: SimSymbol;
  readonly series: DailySeries;
}

/** Cents of underlying spread per dollar of price, by liquidity tier. */
const SPREAD_PER_DOLLAR: Record<LiquidityTier, number> = { 1: 0, 2: 0.01, 3: 0.02 };

export interface SimMarketDataOptions {
  /**
   * `exchange` (the default) keeps the exchange's hours: outside the regular session quotes hold at the last
   * close. `demo` runs a demo session whenever the exchange is closed, so the market can be tried at any hour.
   */
  readonly session?: SimSessionMode;
}

/**
 * A deterministic synthetic market driven by the clock: the same seed, options and `clock.now()` give
 * the same numbers, whatever was asked before. Contracts carry compact (Alpaca-style) OCC symbols and
 * greeks in `priceOption` units. Simulated: show `SIMULATED_NOTICE` with its prices, and `session()`
 * says whether they belong to the exchange's regular session, a demo session or the last close. It keeps no
 * `optionBars`: its option prices are a model already, so there is no traded history to set a backtest against.
 * @example const market = new SimMarketData(new FakeClock(), 7, { session: 'demo' }); await market.quote('SPY');
 */
export class SimMarketData implements MarketData {
  private readonly series = new Map<string, DailySeries>();
  /** Completed sessions by symbol and day: each depends on the seed, the symbol and the day alone. */
  private readonly pastSessions = new Map<string, Map<number, SimSession | undefined>>();
  private readonly mode: SimSessionMode;

  constructor(
    private readonly clock: Clock,
    private readonly seed = 1,
    options: SimMarketDataOptions = {},
  ) {
    this.mode = options.session ?? 'exchange';
  }

  session(): ResultAsync<MarketSession, MarketDataError> {
    const exchange = exchangeSession(this.clock.now(), true);
    if (this.mode === 'exchange' || exchange.kind === 'regular') return okAsync(exchange);
    return okAsync({ ...exchange, kind: 'demo', closesAt: exchange.nextOpen });
  }

  isTradeable(symbol: string): ResultAsync<boolean, MarketDataError> {
    return okAsync(tradeableSpec(symbol) !== undefined);
  }

  quote(symbol: string): ResultAsync<Quote, MarketDataError> {
    return this.withState(symbol, ({ spec }, state) => {
      const widthCents = Math.max(1, Math.round(state.spot * SPREAD_PER_DOLLAR[spec.liquidity]));
      const lastCents = Math.round(state.spot * 100);
      const bidCents = lastCents - Math.floor(widthCents / 2);
      return { symbol: spec.symbol, bid: bidCents / 100, ask: (bidCents + widthCents) / 100, last: lastCents / 100, time: state.asOf };
    });
  }

  expirations(symbol: string): ResultAsync<readonly string[], MarketDataError> {
    return this.withState(symbol, (_, state) => listedExpiries(state.asOf).map(formatDay));
  }

  optionChain(symbol: string, expiry: string): ResultAsync<readonly OptionContract[], MarketDataError> {
    return this.withState(symbol, ({ spec }, state) => {
      const expiryDay = parseDay(expiry);
      if (expiryDay === undefined || !listedExpiries(state.asOf).includes(expiryDay)) return [];
      return buildChain({ spec, state, expiryDay, rate: SIM_RISK_FREE_RATE, seed: this.seed });
    });
  }

  /**
   * The contracts of `optionChain(symbol, expiry)` whose OCC symbols are in `symbols`, exactly as the chain
   * has them, without pricing the rest of the chain: what the paper broker needs to price an order's legs.
   * `at` (default now) prices them as the market stood at another instant, as the chain would have then.
   */
  chainContracts(symbol: string, expiry: string, symbols: ReadonlySet<string>, at?: number): ResultAsync<readonly OptionContract[], MarketDataError> {
    return this.withState(
      symbol,
      ({ spec }, state) => {
        const expiryDay = parseDay(expiry);
        if (expiryDay === undefined || !listedExpiries(state.asOf).includes(expiryDay)) return [];
        return chainContracts({ spec, state, expiryDay, rate: SIM_RISK_FREE_RATE, seed: this.seed }, symbols);
      },
      at,
    );
  }

  dailyBars(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly DailyBar[], MarketDataError> {
    return this.sessions(symbol, fromDate, toDate, ({ day, open, high, low, close, volume }) => ({
      date: formatDay(day),
      open,
      high,
      low,
      close,
      volume,
    }));
  }

  ivHistory(symbol: string, fromDate: string, toDate: string): ResultAsync<readonly IvPoint[], MarketDataError> {
    return this.sessions(symbol, fromDate, toDate, (session) => ({
      date: formatDay(session.day),
      volatility: Math.round(session.ivAfter * 1e6) / 1e6,
    }));
  }

  riskFreeRate(): ResultAsync<number, MarketDataError> {
    return okAsync(SIM_RISK_FREE_RATE);
  }

  dividendYield(symbol: string): ResultAsync<number, MarketDataError> {
    const spec = tradeableSpec(symbol);
    return spec ? okAsync(spec.dividendYield) : errAsync(UNKNOWN);
  }

  /** The simulated calendar's events (see `simulatedEvents`): the same for every seed and clock. */
  events(symbol: string, fromDate: string, toDate: string): ResultAsync<CorporateEvents, MarketDataError> {
    const spec = tradeableSpec(symbol);
    if (!spec) return errAsync(UNKNOWN);
    const from = parseDay(fromDate);
    const to = parseDay(toDate);
    if (from === undefined || to === undefined) return errAsync(badRange(fromDate, toDate));
    return okAsync(calendarEvents(spec, from, to));
  }

  private resolve(symbol: string): Resolved | undefined {
    const spec = tradeableSpec(symbol);
    if (!spec) return undefined;
    let series = this.series.get(spec.symbol);
    if (!series) {
      series = new DailySeries(spec, this.seed);
      this.series.set(spec.symbol, series);
    }
    return { spec, series };
  }

  private withState<T>(symbol: string, answer: (resolved: Resolved, state: MarketState) => T, at = this.clock.now()): ResultAsync<T, MarketDataError> {
    const resolved = this.resolve(symbol);
    if (!resolved) return errAsync(UNKNOWN);
    const state = marketState(resolved.spec, resolved.series, this.seed, at, this.mode);
    return state ? okAsync(answer(resolved, state)) : errAsync(NO_HISTORY);
  }

  private sessions<T>(
    symbol: string,
    fromDate: string,
    toDate: string,
    view: (session: SimSession) => T,
  ): ResultAsync<readonly T[], MarketDataError> {
    const resolved = this.resolve(symbol);
    if (!resolved) return errAsync(UNKNOWN);
    const from = parseDay(fromDate);
    const to = parseDay(toDate);
    if (from === undefined || to === undefined) return errAsync(badRange(fromDate, toDate));
    const now = this.clock.now();
    const rows: T[] = [];
    for (let day = Math.max(from, FIRST_DAY); day <= to && sessionClose(day) <= now; day++) {
      if (!isTradingDay(day)) continue;
      const session = this.pastSession(resolved, day);
      if (session) rows.push(view(session));
    }
    return okAsync(rows);
  }

  private pastSession({ spec, series }: Resolved, day: number): SimSession | undefined {
    let byDay = this.pastSessions.get(spec.symbol);
    if (!byDay) {
      byDay = new Map();
      this.pastSessions.set(spec.symbol, byDay);
    }
    if (!byDay.has(day)) byDay.set(day, simSession(spec, series, this.seed, day));
    return byDay.get(day);
  }
}

