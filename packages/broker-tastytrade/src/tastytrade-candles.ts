import type { MarketDataError } from '@condor/core';
import { CoalescingCache, DAY_MS, easternDay, formatDay, parseDay, sessionClose } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { CandleEvent } from './dxlink/candle-event.js';
import { candleSymbol } from './dxlink/candle-symbol.js';
import { DxlinkCandles, type CandleHistory, type DxlinkCandlesOptions } from './dxlink/dxlink-candles.js';
import { QuoteTokens } from './dxlink/quote-tokens.js';
import { unavailable, type TastytradeMarketRequests } from './tastytrade-market-requests.js';

/** One completed session's candle, dated in New York. */
export interface SessionCandle {
  /** 'YYYY-MM-DD'. */
  readonly date: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  /** Annualised; null where tastytrade has none. */
  readonly impVolatility: number | null;
}

export interface TastytradeCandlesOptions {
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly dxlink?: DxlinkCandlesOptions;
  /** How long a symbol's candles are reused, milliseconds. */
  readonly ttlMs: number;
}

type MarketResult<T> = ResultAsync<T, MarketDataError>;

/**
 * A link's daily candles from tastytrade's DXLink stream, as completed sessions dated in New York (today's bar is
 * left out until the session has closed). A history the stream cut short is asked for once more on a fresh
 * connection; cut short again, the answer is `unavailable`, saying how far back it reached (docs/decisions.md).
 * @example
 * const candles = new TastytradeCandles(requests, { now, ttlMs: 300_000 });
 * await candles.sessions('SPY', '2023-03-01'); // Ok([{ date: '2023-03-01', open: …, impVolatility: 0.18 }, …])
 */
export class TastytradeCandles {
  private readonly dxlink: DxlinkCandles;
  private readonly cache: CoalescingCache<readonly SessionCandle[], MarketDataError>;

  constructor(
    requests: TastytradeMarketRequests,
    private readonly options: TastytradeCandlesOptions,
  ) {
    this.dxlink = new DxlinkCandles(new QuoteTokens(requests, options.now), options.dxlink);
    this.cache = new CoalescingCache({ ttlMs: options.ttlMs, now: options.now });
  }

  /** The completed sessions of `ticker` from `fromDate` ('YYYY-MM-DD') on, ascending. */
  sessions(ticker: string, fromDate: string): MarketResult<readonly SessionCandle[]> {
    const from = parseDay(fromDate);
    if (from === undefined) return errAsync(unavailable(`Dates must be YYYY-MM-DD; got ${fromDate}.`));
    return this.cache.get(`${ticker}|${fromDate}`, () => this.whole(ticker, fromDate, from));
  }

  /** Closes the DXLink connection now. */
  close(): void {
    this.dxlink.close();
  }

  private whole(ticker: string, fromDate: string, from: number): MarketResult<readonly SessionCandle[]> {
    // A day early: a bar stamped at midnight UTC of the first session would start before midnight in New York.
    const fromTime = (from - 1) * DAY_MS;
    const ask = (): MarketResult<CandleHistory> => this.dxlink.history(candleSymbol(ticker), fromTime);
    return ask()
      .andThen((first) => (first.complete ? okAsync(first) : ask()))
      .andThen((history) => (history.complete ? okAsync(this.completed(history.candles, fromDate)) : errAsync(unavailable(stoppedEarly(ticker, fromDate, history)))));
  }

  private completed(candles: readonly CandleEvent[], fromDate: string): SessionCandle[] {
    const now = this.options.now();
    const today = easternDay(now);
    const byDate = new Map<string, SessionCandle>();
    for (const candle of candles) {
      if (![candle.open, candle.high, candle.low, candle.close].every(Number.isFinite)) continue;
      const day = easternDay(candle.time);
      if (day > today || (day === today && now < sessionClose(day))) continue;
      const date = formatDay(day);
      if (date < fromDate) continue;
      const { open, high, low, close } = candle;
      const impVolatility = Number.isFinite(candle.impVolatility) && candle.impVolatility > 0 ? candle.impVolatility : null;
      byDate.set(date, { date, open, high, low, close, volume: Number.isFinite(candle.volume) ? candle.volume : 0, impVolatility });
    }
    return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  }
}

/** A person's words for a history the stream stopped before its end, twice. */
function stoppedEarly(ticker: string, fromDate: string, history: Extract<CandleHistory, { complete: false }>): string {
  const oldest = history.candles.find((candle) => Number.isFinite(candle.close));
  const reached = oldest === undefined ? 'before sending a single daily bar' : `when its history of ${ticker} reached back only to ${formatDay(easternDay(oldest.time))}`;
  const why = history.stoppedBy === 'closed' ? 'the connection closed' : 'the stream went quiet';
  return (
    `tastytrade's stream of daily bars stopped early (${why}) ${reached}, on two tries; condor asked from ${fromDate} ` +
    'and does not use a partial history as if it were whole. Try again in a few minutes.'
  );
}
