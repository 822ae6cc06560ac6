import type { MarketDataError } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { TastytradeMarketRequests } from '../tastytrade-market-requests.js';
import { unavailable } from '../tastytrade-market-requests.js';
import { object, text } from '../tastytrade-wire.js';

/** A token for tastytrade's quote streamer and where to use it. */
export interface QuoteToken {
  readonly token: string;
  /** The DXLink WebSocket URL the token is for. */
  readonly url: string;
  /** `api`, or `demo` on the sandbox (delayed or missing data). */
  readonly level: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** Where the DXLink client gets its token: the cached one until it is refused or near its end. */
export interface QuoteTokenSource {
  current(): ResultAsync<QuoteToken, MarketDataError>;
  /** The server refused this token: the next `current()` asks for a new one. */
  refused(token: string): void;
}

const PATH = '/api-quote-tokens';
/** The token lives about 24 h; one this close to its end is not used for a new connection. */
const RENEW_BEFORE_MS = 10 * 60_000;
/** When the answer names no expiry. */
const ASSUMED_LIFETIME_MS = 20 * 3_600_000;
const NOT_ONBOARDED = 'quote_streamer.customer_not_found_error';

/**
 * One link's quote-streamer token from `GET /api-quote-tokens`, through the link's session (its access token and
 * User-Agent), kept until it nears its expiry or the streamer refuses it; callers that ask at once share one request.
 * @example
 * const tokens = new QuoteTokens(requests, now);
 * const { token, url } = (await tokens.current())._unsafeUnwrap();
 */
export class QuoteTokens implements QuoteTokenSource {
  private cached: QuoteToken | null = null;
  private inFlight: ResultAsync<QuoteToken, MarketDataError> | null = null;

  constructor(
    private readonly requests: TastytradeMarketRequests,
    private readonly now: () => number,
  ) {}

  current(): ResultAsync<QuoteToken, MarketDataError> {
    const cached = this.cached;
    if (cached !== null && cached.expiresAt - RENEW_BEFORE_MS > this.now()) return okAsync(cached);
    this.inFlight ??= this.fetch();
    return this.inFlight;
  }

  refused(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private fetch(): ResultAsync<QuoteToken, MarketDataError> {
    const fetched = this.requests.get(PATH).andThen((response) => {
      if (response.code === NOT_ONBOARDED) {
        return errAsync(unavailable(`tastytrade will not stream quotes to this login: its account is not fully onboarded (${response.reason}); daily history needs a funded, onboarded account`));
      }
      return this.requests.decode(PATH, response, (data) => this.read(data));
    });
    return new ResultAsync(
      (async () => {
        const result = await fetched;
        this.inFlight = null;
        if (result.isOk()) this.cached = result.value;
        return result;
      })(),
    );
  }

  private read(data: unknown): QuoteToken {
    const answer = object(data, 'the quote token answer');
    const expiresAt = typeof answer['expires-at'] === 'string' ? Date.parse(answer['expires-at']) : Number.NaN;
    return {
      token: text(answer, 'token'),
      url: text(answer, 'dxlink-url'),
      level: typeof answer.level === 'string' ? answer.level : 'unknown',
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : this.now() + ASSUMED_LIFETIME_MS,
    };
  }
}
