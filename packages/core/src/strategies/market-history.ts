import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { formatDay } from '../calendar/days.js';
import { daysToExpiry, easternDay } from '../calendar/exchange-calendar.js';
import type { IvPoint, MarketData, MarketDataError } from '../ports/market-data.js';
import { fitSmile, fitSpreadModel } from './fit-market-shape.js';
import { realisedVolatilityProxy } from './iv-proxy.js';
import type { HistorySession, MarketHistory, SmileShape, SpreadModel } from './types.js';

/** Calendar days of history fetched before the backtest window: a year for IV rank, plus margin. */
const WARM_UP_DAYS = 400;
/** The chain the smile and spreads are fitted from: the expiry nearest this many days out. */
const SHAPE_DTE = 30;
const FALLBACK_SMILE: SmileShape = { skew: 0.1, curvature: 0.04 };
const FALLBACK_SPREAD: SpreadModel = { atm: 0.05, perZ2: 0.3 };

/** A run's history and where in it the backtest window begins. */
export interface LoadedHistory {
  readonly history: MarketHistory;
  /** Index of the first session inside the backtest window (earlier sessions warm up IV rank). */
  readonly firstEntryIndex: number;
  readonly spot: number;
  /** Where the past ATM implied volatilities came from: the provider, or the realised-volatility proxy when it keeps none. */
  readonly ivSource: IvSource;
}

export type IvSource = 'provider' | 'realised_volatility';

interface Today {
  readonly spot: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly expirations: readonly string[];
}

/**
 * Fetches `lookbackYears` of daily closes and 30-day ATM IVs (plus a year of warm-up) and fits today's
 * smile and bid/ask widths from the chain nearest 30 days: the backtest prices past legs with the
 * past ATM level on today's smile shape, since providers keep no history of whole chains. A provider
 * without an IV history gets the realised-volatility proxy, scaled to today's ATM IV.
 */
export function loadHistory(market: MarketData, ticker: string, now: number, lookbackYears: number): ResultAsync<LoadedHistory, MarketDataError> {
  const today = easternDay(now);
  const from = formatDay(today - lookbackYears * 365 - WARM_UP_DAYS);
  const windowStart = formatDay(today - lookbackYears * 365);
  const to = formatDay(today);
  return ResultAsync.combine([market.quote(ticker), market.riskFreeRate(), market.dividendYield(ticker), market.expirations(ticker)])
    .map(([quote, rate, dividendYield, expirations]): Today => ({
      spot: (quote.bid + quote.ask) / 2 || quote.last,
      rate,
      dividendYield,
      expirations,
    }))
    .andThen((marketToday) =>
      ResultAsync.combine([market.dailyBars(ticker, from, to), providerIvHistory(market, ticker, from, to), fittedShape(market, ticker, now, marketToday)]).map(
        ([bars, provided, fitted]): LoadedHistory => {
          const ivs = provided ?? realisedVolatilityProxy(bars, fitted?.atmVol ?? null);
          const ivByDate = new Map(ivs.map((point) => [point.date, point.volatility]));
          const sessions: HistorySession[] = [];
          for (const bar of bars) {
            const atmVol = ivByDate.get(bar.date);
            if (atmVol !== undefined && atmVol > 0 && bar.close > 0) sessions.push({ date: bar.date, close: bar.close, atmVol });
          }
          const firstEntryIndex = sessions.findIndex((session) => session.date >= windowStart);
          return {
            spot: marketToday.spot,
            ivSource: provided === null ? 'realised_volatility' : 'provider',
            firstEntryIndex: firstEntryIndex === -1 ? sessions.length : firstEntryIndex,
            history: {
              ticker,
              sessions,
              rate: marketToday.rate,
              dividendYield: marketToday.dividendYield,
              smile: fitted?.smile ?? FALLBACK_SMILE,
              spread: fitted?.spread ?? FALLBACK_SPREAD,
            },
          };
        },
      ),
    );
}

/** The provider's IV history, or null when it keeps none. */
function providerIvHistory(market: MarketData, ticker: string, from: string, to: string): ResultAsync<readonly IvPoint[] | null, MarketDataError> {
  return market
    .ivHistory(ticker, from, to)
    .map((points): readonly IvPoint[] | null => points)
    .orElse((error) => (error.kind === 'unsupported' ? okAsync(null) : errAsync(error)));
}

type Fitted = { readonly atmVol: number; readonly smile: SmileShape; readonly spread: SpreadModel } | null;

function fittedShape(market: MarketData, ticker: string, now: number, today: Today): ResultAsync<Fitted, MarketDataError> {
  const nearest = today.expirations
    .map((expiry) => ({ expiry, dte: daysToExpiry(expiry, now) ?? -1 }))
    .filter(({ dte }) => dte >= 7)
    .sort((a, b) => Math.abs(a.dte - SHAPE_DTE) - Math.abs(b.dte - SHAPE_DTE) || a.dte - b.dte)[0];
  if (nearest === undefined) return okAsync(null);
  return market.optionChain(ticker, nearest.expiry).map((contracts): Fitted => {
    const input = { contracts, spot: today.spot, rate: today.rate, dividendYield: today.dividendYield, years: nearest.dte / 365 };
    const smile = fitSmile(input);
    return smile === null ? null : { atmVol: smile.atmVol, smile: smile.smile, spread: fitSpreadModel({ ...input, atmVol: smile.atmVol }) };
  });
}
