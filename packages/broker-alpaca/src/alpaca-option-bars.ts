import type { DailyBar, MarketDataError, OptionBarHistory } from '@condor/core';
import { okAsync, ResultAsync } from 'neverthrow';
import type { AlpacaHttp } from './alpaca-http.js';
import type { AlpacaMarketRequests } from './alpaca-market-requests.js';
import * as wire from './alpaca-market-wire.js';

/** Alpaca's historical option data begins in February 2024 (Market Data API, "Historical option data"). */
export const ALPACA_OPTION_BARS_SINCE = '2024-02-01';
/** Alpaca's most symbols per request of `/v1beta1/options/bars`. */
export const OPTION_BAR_SYMBOLS = 100;
/** Alpaca's most bars per page, across the symbols of one request. */
const OPTION_BAR_PAGE = 10_000;

/**
 * Daily bars of option contracts from GET /v1beta1/options/bars: the symbols in requests of at most 100, each paged by
 * `next_page_token` (a page may end inside one symbol's bars), every request through the key pair's budget. The range is
 * clamped to Alpaca's history (`ALPACA_OPTION_BARS_SINCE`); a range wholly before it asks nothing. Sparse as Alpaca
 * serves it: no bar on a day without trades.
 * @example
 * alpacaOptionBars(requests, data, ['SPY240621P00500000'], '2024-05-01', '2024-05-31'); // Ok({ since: '2024-02-01', bars })
 */
export function alpacaOptionBars(
  requests: AlpacaMarketRequests,
  data: AlpacaHttp,
  symbols: readonly string[],
  fromDate: string,
  toDate: string,
): ResultAsync<OptionBarHistory, MarketDataError> {
  const start = fromDate < ALPACA_OPTION_BARS_SINCE ? ALPACA_OPTION_BARS_SINCE : fromDate;
  const unique = [...new Set(symbols.map((s) => s.toUpperCase()))].sort();
  if (unique.length === 0 || toDate < start) return okAsync({ since: ALPACA_OPTION_BARS_SINCE, bars: new Map() });
  const chunks: string[][] = [];
  for (let at = 0; at < unique.length; at += OPTION_BAR_SYMBOLS) chunks.push(unique.slice(at, at + OPTION_BAR_SYMBOLS));
  const pages = chunks.map((chunk) => {
    const query = { symbols: chunk.join(','), timeframe: '1Day', start, end: toDate, limit: String(OPTION_BAR_PAGE), sort: 'asc' };
    return requests.paged(data, '/v1beta1/options/bars', query, wire.optionBars);
  });
  return ResultAsync.combine(pages).map((answers) => {
    const bars = new Map<string, Map<string, DailyBar>>();
    for (const [symbol, bar] of answers.flat()) {
      if (bar.date < start || bar.date > toDate) continue;
      const byDate = bars.get(symbol) ?? new Map<string, DailyBar>();
      bars.set(symbol, byDate.set(bar.date, bar));
    }
    const sorted = [...bars].map(([symbol, byDate]) => [symbol, [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1))] as const);
    return { since: ALPACA_OPTION_BARS_SINCE, bars: new Map(sorted) };
  });
}
