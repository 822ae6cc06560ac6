import type { BrokerEnvironment, BrokerError } from '@condor/core';
import { ResultAsync, errAsync, okAsync } from 'neverthrow';
import { isObject } from './tastytrade-wire.js';

/** tastytrade's REST hosts: the sandbox ("cert") and production have separate users, clients and grants. */
export const TASTYTRADE_API_URLS: Readonly<Record<BrokerEnvironment, string>> = {
  paper: 'https://api.cert.tastyworks.com',
  live: 'https://api.tastyworks.com',
};

/** What tastytrade calls each environment, for messages a person reads. */
export const ENVIRONMENT_WORDS: Readonly<Record<BrokerEnvironment, string>> = { paper: 'sandbox', live: 'production' };

/**
 * The order-api version this adapter speaks (`Accept-Version`). Without the header the oldest live version is
 * served; a newer header than a service has is served its highest version at or below it.
 */
export const TASTYTRADE_ORDER_API_VERSION = '20261012';

export interface TastytradeHttpOptions {
  readonly baseUrl: string;
  readonly environment: BrokerEnvironment;
  /** `<product>/<version>`; tastytrade answers 401 to a request without one, the token call included. */
  readonly userAgent: string;
  /** Sent on the order endpoints, the only ones whose versions the adapter depends on. */
  readonly orderApiVersion: string;
  /** Per attempt, milliseconds. */
  readonly timeoutMs: number;
  /** Waits between the retries of a request that is safe to repeat. */
  readonly sleep: (ms: number) => Promise<void>;
  /** What a 429 asks the caller to wait: tastytrade sends no rate-limit header. */
  readonly retryAfterSeconds: number;
  /** Texts never to repeat in a message (the client secret and refresh token); access tokens are added as sent. */
  readonly secrets: readonly string[];
}

/** An answer the client did not turn into an error itself: 2xx and the 4xx the caller interprets. */
export interface TastytradeResponse {
  readonly status: number;
  /** `data` of the `{data, context}` envelope; the whole body when there is none (the token answer); null for none. */
  readonly data: unknown;
  /** The `pagination` block beside `data` on a paged list (`total-pages`, `page-offset`…); null without one. */
  readonly pagination: Readonly<Record<string, unknown>> | null;
  /** The error envelope's code (`preflight_check_failure`, `cannot_update_order`…); null without one. */
  readonly code: string | null;
  /** The broker's reason in words (its message and nested errors), scrubbed of secrets; `HTTP <status>` without one. */
  readonly reason: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SendOptions {
  readonly body?: unknown;
  /** Sent as `Authorization: Bearer …`; none for the token call. */
  readonly accessToken?: string;
  /** Safe to send twice (reads, dry runs): retried after a 5xx or a timeout. An order never is. */
  readonly idempotent?: boolean;
}

/** The most of a broker's reason a message repeats. */
const MAX_REASON_CHARS = 500;

/** Backoff before each retry of an idempotent request; its length is the number of retries. */
const RETRY_DELAYS_MS = [200, 600] as const;

type Attempt = { readonly kind: 'answered'; readonly response: TastytradeResponse } | { readonly kind: 'failed'; readonly error: BrokerError };

/**
 * A thin client for tastytrade's Open API: every request carries the User-Agent (and the order endpoints the
 * pinned `Accept-Version`), the `{data, context}` envelope is unwrapped, and what every endpoint shares — 429,
 * 406, 5xx, no answer within the timeout — becomes a BrokerError. 401 and the other 4xx are left to the caller,
 * which knows what they mean there. Every message is scrubbed of the secrets and the access tokens sent.
 * @example
 * const http = new TastytradeHttp({ baseUrl: TASTYTRADE_API_URLS.paper, environment: 'paper', userAgent: 'condor/0.1.0',
 *   orderApiVersion: TASTYTRADE_ORDER_API_VERSION, timeoutMs: 10_000, sleep, retryAfterSeconds: 10, secrets: [clientSecret, refreshToken] });
 * const answer = await http.send('GET', '/customers/me/accounts', { accessToken, idempotent: true }); // Ok({ status: 200, data, … })
 */
export class TastytradeHttp {
  private readonly secrets: Set<string>;

  constructor(readonly options: TastytradeHttpOptions) {
    this.secrets = new Set(options.secrets.filter((secret) => secret.length > 0));
  }

  send(method: Method, path: string, options: SendOptions = {}): ResultAsync<TastytradeResponse, BrokerError> {
    if (options.accessToken !== undefined && options.accessToken.length > 0) this.secrets.add(options.accessToken);
    return ResultAsync.fromSafePromise(this.withRetries(method, path, options)).andThen((attempt) =>
      attempt.kind === 'answered' ? okAsync(attempt.response) : errAsync(attempt.error),
    );
  }

  /** Removes every secret this client knows from a text that came from outside. */
  scrub(text: string): string {
    let clean = text;
    for (const secret of this.secrets) clean = clean.split(secret).join('[redacted]');
    return clean;
  }

  private async withRetries(method: Method, path: string, options: SendOptions): Promise<Attempt> {
    let attempt = await this.once(method, path, options);
    if (options.idempotent !== true) return attempt;
    for (const delay of RETRY_DELAYS_MS) {
      if (attempt.kind === 'answered' || attempt.error.kind !== 'unavailable') return attempt;
      await this.options.sleep(delay);
      attempt = await this.once(method, path, options);
    }
    return attempt;
  }

  private async once(method: Method, path: string, options: SendOptions): Promise<Attempt> {
    const { timeoutMs, userAgent, orderApiVersion } = this.options;
    const where = `tastytrade ${method} ${pathOnly(path)}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          'User-Agent': userAgent,
          Accept: 'application/json',
          ...(isOrderPath(path) ? { 'Accept-Version': orderApiVersion } : {}),
          ...(options.accessToken === undefined ? {} : { Authorization: `Bearer ${options.accessToken}` }),
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      return this.failed(`${where}: ${timedOut ? `no answer within ${timeoutMs} ms` : `network error (${cause instanceof Error ? cause.message : 'unknown'})`}`);
    }
    const status = response.status;
    const parsed = parseJson(text);
    const error = errorOf(parsed);
    // Scrubbed before it is shortened, so a secret cut in two is never left half in the text.
    const reason = this.scrub(error?.words ?? text.trim()).slice(0, MAX_REASON_CHARS) || `HTTP ${status}`;
    if (status === 429) return { kind: 'failed', error: { kind: 'rate_limited', retryAfterSeconds: this.retryAfter(response.headers) } };
    if (status === 406) return this.failed(`${where}: tastytrade no longer serves API version ${orderApiVersion} (406: ${reason})`);
    if (status >= 500) return this.failed(`${where} answered ${status}: ${reason}`);
    if (status >= 200 && status < 300 && parsed === undefined) return this.failed(`${where} answered unreadable JSON`);
    const data = isObject(parsed) && 'data' in parsed ? parsed.data : (parsed ?? null);
    const pagination = isObject(parsed) && isObject(parsed.pagination) ? parsed.pagination : null;
    return { kind: 'answered', response: { status, data, pagination, code: error?.code ?? null, reason } };
  }

  private failed(message: string): Attempt {
    return { kind: 'failed', error: { kind: 'unavailable', message: this.scrub(message) } };
  }

  /** tastytrade documents no rate-limit header; a `Retry-After` in seconds is honoured should one appear. */
  private retryAfter(headers: Headers): number {
    const seconds = Number(headers.get('Retry-After') ?? Number.NaN);
    return Number.isFinite(seconds) && seconds >= 1 ? Math.ceil(seconds) : this.options.retryAfterSeconds;
  }
}

/** The order endpoints (`/accounts/{n}/orders…`), the order-api that `Accept-Version` pins. */
const isOrderPath = (path: string): boolean => /^\/accounts\/[^/]+\/orders(\/|\?|$)/.test(path);

/** Parsed JSON; null for an empty body, undefined for text that is not JSON. */
function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The error envelope `{error: {code, message, errors: [{code, message} | {domain, reason}]}}` in words, or the
 * OAuth form `{error: 'invalid_grant', error_description}` the token endpoint may use.
 */
function errorOf(body: unknown): { readonly code: string | null; readonly words: string } | null {
  if (!isObject(body)) return null;
  const error = body.error;
  if (typeof error === 'string') {
    const description = typeof body.error_description === 'string' ? body.error_description : error;
    return { code: error, words: description };
  }
  if (!isObject(error)) return null;
  const code = typeof error.code === 'string' ? error.code : typeof error.code === 'number' ? String(error.code) : null;
  const message = typeof error.message === 'string' ? error.message : (code ?? '');
  const nested = (Array.isArray(error.errors) ? error.errors : [])
    .filter(isObject)
    .map((entry) => (typeof entry.message === 'string' ? entry.message : typeof entry.reason === 'string' ? entry.reason : null))
    .filter((words): words is string => words !== null && words !== '');
  return { code, words: nested.length > 0 ? `${message}: ${nested.join('; ')}` : message };
}

const pathOnly = (path: string): string => path.split('?')[0] ?? path;
