import type { BrokerError } from '@condor/core';
import type { RequestBudget } from '@condor/core';
import { ResultAsync, errAsync, okAsync } from 'neverthrow';
import { isObject } from './schwab-wire.js';

/** Schwab's one origin: the authorize page, the token endpoint, `/trader/v1` and `/marketdata/v1`. */
export const SCHWAB_API_URL = 'https://api.schwabapi.com';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SchwabHttpOptions {
  /** `https://api.schwabapi.com`, or `CONDOR_SCHWAB_API_URL` (a local fake in tests). */
  readonly baseUrl: string;
  /** Per attempt, milliseconds. */
  readonly timeoutMs: number;
  readonly sleep: (ms: number) => Promise<void>;
  /** What a 429 without `Retry-After` asks callers to wait, seconds (Schwab's 429 is not documented). */
  readonly retryAfterSeconds: number;
  /** The app's 120 non-order requests a minute, shared by every link of this process. */
  readonly appBudget: RequestBudget;
  /** The account's order requests a minute (place, replace, cancel), keyed by account hash. */
  readonly orderBudget: RequestBudget;
  /** Texts never to repeat in a message (the app secret, refresh tokens); access tokens are added as sent. */
  readonly secrets: readonly string[];
}

/** An answer the client did not turn into an error itself: 2xx and the 4xx the caller interprets. */
export interface SchwabResponse {
  readonly status: number;
  /** The parsed JSON body; null for none (a placement's 201, a cancel's 200). */
  readonly data: unknown;
  /** The `Location` header (a placement's or replacement's order address); null without one. */
  readonly location: string | null;
  /** Schwab's reason in words (ServiceError, market-data errors or the OAuth form), scrubbed of secrets. */
  readonly reason: string;
}

export interface SendOptions {
  readonly body?: unknown;
  /** A form body (the token endpoint). */
  readonly form?: Readonly<Record<string, string>>;
  /** `Authorization: Bearer …`. */
  readonly accessToken?: string;
  /** `Authorization: Basic …` (the token endpoint). */
  readonly basic?: { readonly user: string; readonly password: string };
  /** Safe to send twice: retried after a 5xx or a timeout. An order never is. */
  readonly idempotent?: boolean;
  /** Counted against the account's order budget (by this account hash) instead of the app's. */
  readonly orderAccount?: string;
}

const MAX_REASON_CHARS = 500;
const RETRY_DELAYS_MS = [200, 600] as const;

type Attempt = { readonly kind: 'answered'; readonly response: SchwabResponse } | { readonly kind: 'failed'; readonly error: BrokerError };

/**
 * A thin client for Schwab's one origin: every request waits for the app's (or the account's order) request
 * budget, what every endpoint shares — 429, 5xx, no answer within the timeout — becomes a BrokerError, and every
 * message is scrubbed of the secrets and access tokens it knows. 401 and the other 4xx are left to the caller.
 * @example
 * const answer = await http.send('GET', '/trader/v1/accounts/accountNumbers', { accessToken, idempotent: true }); // Ok({ status: 200, data: [...] })
 */
export class SchwabHttp {
  private readonly secrets: Set<string>;

  constructor(readonly options: SchwabHttpOptions) {
    this.secrets = new Set(options.secrets.filter((secret) => secret.length > 0));
  }

  send(method: Method, path: string, options: SendOptions = {}): ResultAsync<SchwabResponse, BrokerError> {
    if (options.accessToken !== undefined && options.accessToken.length > 0) this.secrets.add(options.accessToken);
    return ResultAsync.fromSafePromise(this.withRetries(method, path, options)).andThen((attempt) => (attempt.kind === 'answered' ? okAsync(attempt.response) : errAsync(attempt.error)));
  }

  /** Removes every secret this client knows from a text. */
  scrub(text: string): string {
    let clean = text;
    for (const secret of this.secrets) {
      clean = clean.split(secret).join('[redacted]');
      // Schwab's tokens end in '@', which arrives URL-encoded in some texts.
      clean = clean.split(encodeURIComponent(secret)).join('[redacted]');
    }
    return clean;
  }

  /** Learns a secret to keep out of messages (a refresh token just received). */
  remember(secret: string): void {
    if (secret.length > 0) this.secrets.add(secret);
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
    if (options.orderAccount === undefined) await this.options.appBudget.take('app');
    else await this.options.orderBudget.take(options.orderAccount);
    const where = `Schwab ${method} ${path.split('?')[0] ?? path}`;
    const authorization =
      options.basic !== undefined
        ? `Basic ${Buffer.from(`${options.basic.user}:${options.basic.password}`).toString('base64')}`
        : options.accessToken === undefined
          ? null
          : `Bearer ${options.accessToken}`;
    const body = options.form !== undefined ? new URLSearchParams(options.form).toString() : options.body === undefined ? undefined : JSON.stringify(options.body);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          ...(authorization === null ? {} : { Authorization: authorization }),
          ...(options.form !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      text = await response.text();
    } catch (cause) {
      const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
      return this.failed(`${where}: ${timedOut ? `no answer within ${String(this.options.timeoutMs)} ms` : `network error (${cause instanceof Error ? cause.message : 'unknown'})`}`);
    }
    const status = response.status;
    const parsed = parseJson(text);
    // Scrubbed before it is shortened, so a secret cut in two is never left half in the text.
    const reason = this.scrub(reasonOf(parsed) ?? text.trim()).slice(0, MAX_REASON_CHARS) || `HTTP ${String(status)}`;
    if (status === 429) return { kind: 'failed', error: { kind: 'rate_limited', retryAfterSeconds: this.retryAfter(response.headers) } };
    if (status >= 500) return this.failed(`${where} answered ${String(status)}: ${reason}`);
    if (status >= 200 && status < 300 && parsed === undefined) return this.failed(`${where} answered unreadable JSON`);
    return { kind: 'answered', response: { status, data: parsed ?? null, location: response.headers.get('location'), reason } };
  }

  private failed(message: string): Attempt {
    return { kind: 'failed', error: { kind: 'unavailable', message: this.scrub(message) } };
  }

  private retryAfter(headers: Headers): number {
    const seconds = Number(headers.get('Retry-After') ?? Number.NaN);
    return Number.isFinite(seconds) && seconds >= 1 ? Math.ceil(seconds) : this.options.retryAfterSeconds;
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** ServiceError `{message, errors[]}`, market data's `{errors: [{title, detail}]}`, or OAuth's `{error, error_description}`. */
function reasonOf(body: unknown): string | null {
  if (!isObject(body)) return null;
  if (typeof body.error === 'string') return typeof body.error_description === 'string' ? `${body.error}: ${body.error_description}` : body.error;
  const errors = Array.isArray(body.errors) ? body.errors : [];
  const details = errors.map((e) => (typeof e === 'string' ? e : isObject(e) ? [e.title, e.detail].filter((t) => typeof t === 'string').join(': ') : '')).filter((t) => t !== '');
  const message = typeof body.message === 'string' ? body.message : '';
  if (message === '' && details.length === 0) return null;
  return details.length === 0 ? message : message === '' ? details.join('; ') : `${message}: ${details.join('; ')}`;
}
