import type { BrokerEnvironment, BrokerError } from '@condor/core';
import { ResultAsync, errAsync, okAsync } from 'neverthrow';

/** Alpaca's Trading API hosts; paper and live keys are different pairs. */
export const ALPACA_TRADING_URLS: Readonly<Record<BrokerEnvironment, string>> = {
  paper: 'https://paper-api.alpaca.markets',
  live: 'https://api.alpaca.markets',
};

export interface AlpacaCredentials {
  readonly apiKey: string;
  readonly apiSecret: string;
}

export interface AlpacaHttpOptions {
  readonly baseUrl: string;
  readonly environment: BrokerEnvironment;
  readonly credentials: AlpacaCredentials;
  /** Per attempt, milliseconds. */
  readonly timeoutMs: number;
  /** Epoch milliseconds, to turn `X-RateLimit-Reset` into a delay. */
  readonly now: () => number;
  /** Waits between the retries of a GET. */
  readonly sleep: (ms: number) => Promise<void>;
}

/** An answer the client did not map to an error itself: 2xx and the 4xx the caller interprets. */
export interface AlpacaResponse {
  readonly status: number;
  /** Parsed JSON, or null for an empty body. */
  readonly body: unknown;
  /** Alpaca's `message`, or the raw text, with the keys scrubbed. */
  readonly message: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Backoff before each retry of a GET; its length is the number of retries. */
const GET_RETRY_DELAYS_MS = [200, 600] as const;
const DEFAULT_RETRY_AFTER_SECONDS = 60;

type Attempt = { readonly kind: 'answered'; readonly response: AlpacaResponse } | { readonly kind: 'failed'; readonly error: BrokerError };

/**
 * A thin client for Alpaca's Trading API: signs every call with the key pair, parses JSON and maps the
 * answers every endpoint shares (401, 429, 5xx, no answer) onto BrokerError. GETs are retried on 5xx and
 * timeouts; POST, PATCH and DELETE never are, so an order is never sent twice.
 * @example
 * const http = new AlpacaHttp({ baseUrl: ALPACA_TRADING_URLS.paper, environment: 'paper', credentials, timeoutMs: 10_000, now: () => clock.now(), sleep });
 * const account = await http.request('GET', '/v2/account'); // Ok({ status: 200, body, message })
 */
export class AlpacaHttp {
  constructor(private readonly options: AlpacaHttpOptions) {}

  /** One call; a path may carry a query string. */
  request(method: Method, path: string, body?: unknown): ResultAsync<AlpacaResponse, BrokerError> {
    return ResultAsync.fromSafePromise(this.withRetries(method, path, body)).andThen((attempt) =>
      attempt.kind === 'answered' ? okAsync(attempt.response) : errAsync(attempt.error),
    );
  }

  /** Removes the key and the secret from a text that came from outside. */
  scrub(text: string): string {
    let clean = text;
    for (const secret of [this.options.credentials.apiSecret, this.options.credentials.apiKey]) {
      if (secret.length > 0) clean = clean.split(secret).join('[redacted]');
    }
    return clean;
  }

  /** The error for a refused key pair, naming the environment and never the keys. */
  authFailed(status: number): BrokerError {
    const other = this.options.environment === 'paper' ? 'live' : 'paper';
    return {
      kind: 'auth_failed',
      message:
        `Alpaca refused the API keys (HTTP ${status}) on its ${this.options.environment} environment. ` +
        `Check that the keys are correct and that paper keys are used with paper and live keys with live (these may be ${other} keys).`,
    };
  }

  private async withRetries(method: Method, path: string, body: unknown): Promise<Attempt> {
    let attempt = await this.once(method, path, body);
    if (method !== 'GET') return attempt;
    for (const delay of GET_RETRY_DELAYS_MS) {
      if (attempt.kind === 'answered' || attempt.error.kind !== 'unavailable') return attempt;
      await this.options.sleep(delay);
      attempt = await this.once(method, path, body);
    }
    return attempt;
  }

  private async once(method: Method, path: string, body: unknown): Promise<Attempt> {
    const { credentials, timeoutMs } = this.options;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          'APCA-API-KEY-ID': credentials.apiKey,
          'APCA-API-SECRET-KEY': credentials.apiSecret,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      const what = timedOut ? `no answer within ${timeoutMs} ms` : `network error (${cause instanceof Error ? cause.message : 'unknown'})`;
      return this.failed(`Alpaca ${method} ${pathOnly(path)}: ${what}`);
    }
    const status = response.status;
    const parsed = parseJson(text);
    const message = this.scrub(messageOf(parsed, text) || `HTTP ${status}`);
    if (status === 401) return { kind: 'failed', error: this.authFailed(status) };
    if (status === 429) return { kind: 'failed', error: { kind: 'rate_limited', retryAfterSeconds: this.retryAfter(response.headers) } };
    if (status >= 500) return this.failed(`Alpaca ${method} ${pathOnly(path)} answered ${status}: ${message}`);
    if (status >= 200 && status < 300 && parsed === undefined) return this.failed(`Alpaca ${method} ${pathOnly(path)} answered unreadable JSON`);
    return { kind: 'answered', response: { status, body: parsed ?? null, message } };
  }

  private failed(message: string): Attempt {
    return { kind: 'failed', error: { kind: 'unavailable', message: this.scrub(message) } };
  }

  private retryAfter(headers: Headers): number {
    const reset = Number(headers.get('X-RateLimit-Reset') ?? Number.NaN);
    if (!Number.isFinite(reset)) return DEFAULT_RETRY_AFTER_SECONDS;
    return Math.max(1, Math.ceil(reset - this.options.now() / 1000));
  }
}

/** Parsed JSON; null for an empty body, undefined for text that is not JSON. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(parsed: unknown, text: string): string {
  if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
  return text.trim().slice(0, 300);
}

const pathOnly = (path: string): string => path.split('?')[0] ?? path;
