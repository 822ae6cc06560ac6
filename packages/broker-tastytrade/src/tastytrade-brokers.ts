import { createHash } from 'node:crypto';
import type { Broker, BrokerEnvironment, BrokerError, MultiLegOrder } from '@condor/core';
import { failingBroker } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { toAccountSummaries, type TastytradeAccountSummary } from './tastytrade-account-wire.js';
import { TastytradeBroker } from './tastytrade-broker.js';
import type { DryRun } from './tastytrade-dry-run.js';
import { ENVIRONMENT_WORDS, TASTYTRADE_API_URLS, TASTYTRADE_ORDER_API_VERSION, TastytradeHttp } from './tastytrade-http.js';
import { TastytradeMarketData, type TastytradeMarketDataOptions } from './tastytrade-market-data.js';
import { TastytradeSession } from './tastytrade-session.js';
import { MemoryTokenCache, TastytradeTokens, type TokenCache } from './tastytrade-tokens.js';
import { WireError } from './tastytrade-wire.js';

/** The secrets of a tastytrade link: the OAuth client's secret and the personal grant's refresh token. */
export interface TastytradeCredentials {
  readonly kind: 'tastytrade';
  readonly clientSecret: string;
  readonly refreshToken: string;
}

/** A link to a tastytrade login, before an account is chosen. */
export interface TastytradeLogin {
  readonly ownerId: string;
  readonly environment: BrokerEnvironment;
  /** Null when none are stored. */
  readonly credentials: TastytradeCredentials | null;
}

/** A tastytrade account to act on: the login and the account the person chose when connecting. */
export interface TastytradeAccess extends TastytradeLogin {
  readonly accountNumber: string;
}

/** A Broker that can also show the broker's own figures for an order before it is placed. */
export interface DryRunBroker extends Broker {
  dryRun(order: MultiLegOrder): ResultAsync<DryRun, BrokerError>;
}

export interface TastytradeBrokersOptions {
  /** condor's version: every request says `User-Agent: condor/<version>`. */
  readonly version: string;
  /** One host for both environments instead of tastytrade's (`CONDOR_TASTYTRADE_API_URL`; a local fake in tests). */
  readonly apiUrl?: string;
  /** Where minted access tokens are kept (default this process's memory). */
  readonly tokenCache?: TokenCache;
  /** Per request attempt, milliseconds (default 10 s). */
  readonly timeoutMs?: number;
  /** Epoch milliseconds (default the system clock): token expiry and the order search's start date. */
  readonly now?: () => number;
  /** Waits between retries of reads (default a timer). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** What a 429 asks callers to wait, seconds (default 10): tastytrade sends no rate-limit header. */
  readonly retryAfterSeconds?: number;
  /** How many days of orders `orders('all')` and `orderByClientId` search (default 30). */
  readonly historyDays?: number;
  /** The order-api version to pin (default `TASTYTRADE_ORDER_API_VERSION`). */
  readonly orderApiVersion?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_AFTER_SECONDS = 10;
const DEFAULT_HISTORY_DAYS = 30;

/**
 * Opens users' own tastytrade accounts from the OAuth client secret and refresh token they linked, on the
 * environment they chose (paper is tastytrade's sandbox, live its production), and lists a login's accounts
 * for the person to choose one. One instance holds the access tokens of every link, so concurrent calls on a
 * link share one refresh.
 * @example
 * const brokers = new TastytradeBrokers({ version: '0.1.0', apiUrl: process.env.CONDOR_TASTYTRADE_API_URL });
 * const accounts = await brokers.accounts({ ownerId: 'u1', environment: 'paper', credentials });
 * const broker = brokers.open({ ownerId: 'u1', environment: 'paper', credentials, accountNumber: '5WT00001' });
 * const market = brokers.marketData({ ownerId: 'condor', environment: 'live', credentials: serverCredentials });
 */
export class TastytradeBrokers {
  private readonly tokens: TastytradeTokens;
  private readonly userAgent: string;

  constructor(private readonly options: TastytradeBrokersOptions) {
    if (!/^[^\s/]+$/.test(options.version)) throw new RangeError(`the version sent in the User-Agent must be one word, not ${JSON.stringify(options.version)}`);
    this.userAgent = `condor/${options.version}`;
    this.tokens = new TastytradeTokens({ cache: options.tokenCache ?? new MemoryTokenCache(), now: this.now });
  }

  open(access: TastytradeAccess): DryRunBroker {
    if (access.credentials === null) return failing({ kind: 'auth_failed', message: 'No tastytrade client secret and refresh token are linked to this account.' });
    return new TastytradeBroker(this.session(access, access.credentials), {
      accountNumber: access.accountNumber,
      source: this.userAgent,
      now: this.now,
      historyDays: this.options.historyDays ?? DEFAULT_HISTORY_DAYS,
      sleep: this.sleep,
    });
  }

  /**
   * Chains, quotes and market metrics through a login's grant, its access tokens shared with the login's
   * brokers: the server's own tastytrade login, or a person's.
   */
  marketData(login: TastytradeLogin & { readonly credentials: TastytradeCredentials }, options: Omit<TastytradeMarketDataOptions, 'now'> = {}): TastytradeMarketData {
    return new TastytradeMarketData(this.session(login, login.credentials), { ...options, now: this.now });
  }

  /** The open accounts the login may see (`GET /customers/me/accounts`), for the person to choose one when connecting. */
  accounts(login: TastytradeLogin): ResultAsync<readonly TastytradeAccountSummary[], BrokerError> {
    if (login.credentials === null) return errAsync({ kind: 'auth_failed', message: 'No tastytrade client secret and refresh token are linked to this account.' });
    return this.session(login, login.credentials)
      .request('GET', '/customers/me/accounts', { idempotent: true })
      .andThen((response): ResultAsync<readonly TastytradeAccountSummary[], BrokerError> => {
        if (response.status === 403) {
          const where = ENVIRONMENT_WORDS[login.environment];
          return errAsync({ kind: 'auth_failed', message: `tastytrade will not list this login's accounts on its ${where} environment (HTTP 403: ${response.reason}). The grant needs the read and trade scopes.` });
        }
        if (response.status !== 200) return errAsync({ kind: 'rejected', message: `tastytrade refused to list the accounts (HTTP ${response.status}): ${response.reason}` });
        try {
          return okAsync(toAccountSummaries(response.data));
        } catch (cause) {
          if (cause instanceof WireError) return errAsync({ kind: 'unavailable', message: `tastytrade answered an unexpected shape: ${cause.message}` });
          throw cause;
        }
      });
  }

  private session(login: TastytradeLogin, credentials: TastytradeCredentials): TastytradeSession {
    const http = new TastytradeHttp({
      baseUrl: this.options.apiUrl ?? TASTYTRADE_API_URLS[login.environment],
      environment: login.environment,
      userAgent: this.userAgent,
      orderApiVersion: this.options.orderApiVersion ?? TASTYTRADE_ORDER_API_VERSION,
      timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      sleep: this.sleep,
      retryAfterSeconds: this.options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
      secrets: [credentials.clientSecret, credentials.refreshToken],
    });
    return new TastytradeSession(http, this.tokens, {
      linkKey: linkKey(login, credentials),
      http,
      clientSecret: credentials.clientSecret,
      refreshToken: credentials.refreshToken,
    });
  }

  private readonly now = (): number => (this.options.now ?? Date.now)();
  private readonly sleep = (ms: number): Promise<void> => (this.options.sleep ?? ((wait: number) => new Promise<void>((resolve) => setTimeout(resolve, wait))))(ms);
}

/**
 * Names a link's tokens: environment, owner and a fingerprint of the grant, so keys entered again (a new grant)
 * never reuse the old grant's tokens, and no secret is part of the key.
 */
function linkKey(login: TastytradeLogin, credentials: TastytradeCredentials): string {
  const grant = createHash('sha256').update(`${credentials.clientSecret}\n${credentials.refreshToken}`).digest('hex').slice(0, 16);
  return `tastytrade:${login.environment}:${login.ownerId}:${grant}`;
}

function failing(error: BrokerError): DryRunBroker {
  return { ...failingBroker(error), dryRun: () => errAsync(error) };
}
