import type { BrokerError, MarketDataError } from '@condor/core';
import { RequestBudget } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { TastytradeResponse } from './tastytrade-http.js';
import type { TastytradeSession } from './tastytrade-session.js';
import { WireError } from './tastytrade-wire.js';

type MarketResult<T> = ResultAsync<T, MarketDataError>;

/** At most 20 market-data GETs in any 10 s per link: 2 a second on average, with room for one search's burst. */
const BURST = 20;
const BURST_WINDOW_MS = 10_000;

/**
 * The market-data GETs of one tastytrade session, answered as market-data errors: a refusal or an unexpected
 * shape names the path asked for, and on the sandbox, which serves no market data or metrics, the failure says so.
 * @example
 * const requests = new TastytradeMarketRequests(session, Date.now);
 * requests.read('/market-metrics?symbols=SPY', wire.metricsItems); // Ok([{ symbol: 'SPY', ivRank: 0.42, … }])
 */
export class TastytradeMarketRequests {
  private readonly budget: RequestBudget;

  constructor(
    private readonly api: TastytradeSession,
    /** Epoch milliseconds, for the link's budget of market-data GETs. */
    now: () => number,
  ) {
    // tastytrade publishes no quota; about 2 a second keeps a link clear of its 429s (shared/reference/tastytrade.md §7).
    this.budget = new RequestBudget({ limit: BURST, windowMs: BURST_WINDOW_MS, now, sleep: api.http.options.sleep });
  }

  read<T>(path: string, decode: (data: unknown) => T): MarketResult<T> {
    return this.get(path).andThen((response) => this.decode(path, response, decode));
  }

  get(path: string): MarketResult<TastytradeResponse> {
    return ResultAsync.fromSafePromise(this.budget.take('link')).andThen(() => this.api.request('GET', path, { idempotent: true }).mapErr((error) => this.marketError(error, path)));
  }

  decode<T>(path: string, response: TastytradeResponse, decode: (data: unknown) => T): MarketResult<T> {
    if (response.status !== 200) return errAsync(unavailable(`tastytrade answered HTTP ${response.status} to GET ${pathOnly(path)}: ${response.reason}`));
    try {
      return okAsync(decode(response.data));
    } catch (cause) {
      if (cause instanceof WireError) return errAsync(unavailable(`tastytrade answered GET ${pathOnly(path)} with an unexpected shape: ${cause.message}`));
      throw cause;
    }
  }

  /** A broker failure as a market-data one; on the sandbox, the quote and metrics services' failure names the sandbox's gap. */
  private marketError(error: BrokerError, path: string): MarketDataError {
    if (error.kind === 'rate_limited') return { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds };
    if (error.kind === 'unavailable' && this.api.http.options.environment === 'paper' && /^\/market-(data|metrics)\b/.test(path)) {
      return {
        kind: 'not_served',
        message: `tastytrade's sandbox serves no market data or market metrics (${error.message}): quotes, IV rank and earnings dates need a production tastytrade link.`,
        suggestion: 'Link your production tastytrade account on the broker-keys page (/broker-keys), or link the simulated broker to practise on the simulated market.',
      };
    }
    if (error.kind === 'auth_failed') {
      return {
        kind: 'not_served',
        message: `tastytrade refused your link's grant for market data: ${error.message}`,
        suggestion: 'Enter the client secret and refresh token again on the broker-keys page (/broker-keys), then connect.',
      };
    }
    return unavailable(error.message);
  }
}

export const unavailable = (message: string): MarketDataError => ({ kind: 'unavailable', message });
export const unsupported = (message: string): MarketDataError => ({ kind: 'unsupported', message });
const pathOnly = (path: string): string => path.split('?')[0] ?? path;
