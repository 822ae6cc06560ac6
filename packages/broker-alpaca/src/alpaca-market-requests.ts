import type { BrokerError, MarketDataError } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { AlpacaHttp, AlpacaResponse } from './alpaca-http.js';
import { nextPageToken } from './alpaca-market-wire.js';
import type { AlpacaRateLimiter } from './alpaca-rate-limiter.js';
import { WireError } from './alpaca-wire.js';

/** A runaway pager (a token that never ends) stops here. */
const MAX_PAGES = 100;

/**
 * The market-data requests of one key pair: each GET first waits its turn in the pair's budget, and answers
 * come back as market-data errors (a refusal, an unexpected shape, a pager that never ends) rather than broker ones.
 * @example
 * const requests = new AlpacaMarketRequests(limiter, apiKey);
 * requests.paged(data, '/v2/stocks/SPY/bars', { timeframe: '1Day', start, end }, wire.dailyBars); // every page's bars
 */
export class AlpacaMarketRequests {
  constructor(
    private readonly limiter: AlpacaRateLimiter,
    private readonly apiKey: string,
  ) {}

  /** Every page of a paged endpoint, following `next_page_token`. */
  paged<T>(http: AlpacaHttp, path: string, query: Record<string, string>, read: (body: unknown) => T[]): ResultAsync<T[], MarketDataError> {
    const page = (token: string | undefined, acc: T[], count: number): ResultAsync<T[], MarketDataError> => {
      const params = new URLSearchParams(token === undefined ? query : { ...query, page_token: token });
      return this.get(http, `${path}?${params.toString()}`)
        .andThen((response) => this.decode(response, (body) => ({ items: read(body), next: nextPageToken(body) })))
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
  get(http: AlpacaHttp, path: string): ResultAsync<AlpacaResponse, MarketDataError> {
    return ResultAsync.fromSafePromise(this.limiter.take(this.apiKey)).andThen(() => http.request('GET', path).mapErr(toMarketDataError));
  }

  decode<T>(response: AlpacaResponse, read: (body: unknown) => T): ResultAsync<T, MarketDataError> {
    if (response.status === 403) {
      return errAsync({
        kind: 'not_served',
        message: `Alpaca refused this market data to the key pair (HTTP 403: ${response.message}): the account's market-data plan does not include it.`,
        suggestion: "Check the account's market-data subscription at Alpaca; the free plan serves the IEX stock feed and the indicative options feed.",
      });
    }
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
}

function toMarketDataError(error: BrokerError): MarketDataError {
  if (error.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds };
  if (error.kind === 'auth_failed') {
    return {
      kind: 'not_served',
      message: 'Alpaca refused the API key pair for market data (HTTP 401): the keys were revoked or regenerated.',
      suggestion: 'Set a current key pair on the broker-keys page (/broker-keys), then connect again.',
    };
  }
  return { kind: 'unavailable', message: error.message };
}
