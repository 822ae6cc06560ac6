import { createHash } from 'node:crypto';
import type { Broker, BrokerAccess, BrokerAccountChoice, BrokerCredentials, BrokerDryRun, BrokerEnvironment, BrokerError, BrokerName, Brokers, MarketData, MultiLegOrder } from '@condor/core';
import { failingBroker, unservedMarket } from '@condor/core';
import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from 'neverthrow';
import { toAccountChoice, toAccountSummaries } from './tastytrade-account-wire.js';
import { TastytradeBroker } from './tastytrade-broker.js';
import { ENVIRONMENT_WORDS, TASTYTRADE_API_URLS, TASTYTRADE_ORDER_API_VERSION, TastytradeHttp } from './tastytrade-http.js';
import { TastytradeMarketData, type TastytradeMarketDataOptions } from './tastytrade-market-data.js';
import { TastytradeSession } from './tastytrade-session.js';
import { MemoryTokenCache, TastytradeTokens, type TokenCache } from './tastytrade-tokens.js';
import { WireError } from './tastytrade-wire.js';

/** The secrets of a tastytrade link (core's variant): the OAuth client's secret, the personal grant's refresh token, the chosen account. */
export type TastytradeCredentials = Extract<BrokerCredentials, { readonly kind: 'tastytrade' }>;

/** A tastytrade login whose grant mints the tokens: a person's link, or the server's own for market data. */
export interface TastytradeLogin {
  readonly ownerId: string;
  readonly environment: BrokerEnvironment;
  readonly credentials: TastytradeCredentials;
}

/** A Broker that always has the dry run: tastytrade computes its own fees and buying-power effect. */
export interface DryRunBroker extends Broker {
  dryRun(order: MultiLegOrder): ResultAsync<BrokerDryRun, BrokerError>;
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
 * Opens users' own tastytrade accounts from the OAuth client secret and refresh token they linked and the account
 * they chose, on the environment they chose (paper is tastytrade's sandbox, live its production), and lists a
 * login's accounts for the person to choose one. One instance holds the access tokens of every link, so concurrent
 * calls on a link share one refresh; instances sharing a `tokenCache` with leases share one refresh too.
 * @example
 * const brokers = new TastytradeBrokers({ version: '0.1.0', apiUrl: process.env.CONDOR_TASTYTRADE_API_URL });
 * const login = { ownerId: 'u1', broker: 'tastytrade', environment: 'paper', credentials: { kind: 'tastytrade', clientSecret, refreshToken, accountNumber: null } } as const;
 * const accounts = await brokers.listAccounts(login); // Ok([{ accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true }])
 * const broker = brokers.open({ ...login, credentials: { ...login.credentials, accountNumber: '5WT00001' } });
 */
export class TastytradeBrokers implements Brokers {
  readonly available: readonly BrokerName[] = ['tastytrade'];
  private readonly tokens: TastytradeTokens;
  private readonly userAgent: string;

  constructor(private readonly options: TastytradeBrokersOptions) {
    if (!/^[^\s/]+$/.test(options.version)) throw new RangeError(`the version sent in the User-Agent must be one word, not ${JSON.stringify(options.version)}`);
    this.userAgent = `condor/${options.version}`;
    this.tokens = new TastytradeTokens({ cache: options.tokenCache ?? new MemoryTokenCache(this.now), now: this.now, sleep: this.sleep });
  }

  /** The account chosen when connecting; an access without tastytrade keys or without a chosen account opens a broker that says so on every call. */
  open(access: BrokerAccess): DryRunBroker {
    const login = this.login(access);
    if (login.isErr()) return failing(login.error);
    const { accountNumber } = login.value.credentials;
    if (accountNumber === null) {
      return failing({
        kind: 'auth_failed',
        message: "No tastytrade account is chosen for this link: call connect_broker with one of the login's accounts as account_number.",
      });
    }
    return new TastytradeBroker(this.session(login.value), {
      accountNumber,
      source: this.userAgent,
      now: this.now,
      historyDays: this.options.historyDays ?? DEFAULT_HISTORY_DAYS,
      sleep: this.sleep,
    });
  }

  /** The open accounts the login may see (`GET /customers/me/accounts`), for the person to choose one when connecting. */
  listAccounts(access: BrokerAccess): ResultAsync<readonly BrokerAccountChoice[], BrokerError> {
    const login = this.login(access);
    if (login.isErr()) return errAsync(login.error);
    return this.session(login.value)
      .request('GET', '/customers/me/accounts', { idempotent: true })
      .andThen((response): ResultAsync<readonly BrokerAccountChoice[], BrokerError> => {
        if (response.status === 403) {
          const where = ENVIRONMENT_WORDS[access.environment];
          return errAsync({ kind: 'auth_failed', message: `tastytrade will not list this login's accounts on its ${where} environment (HTTP 403: ${response.reason}). The grant needs the read and trade scopes.` });
        }
        if (response.status !== 200) return errAsync({ kind: 'rejected', message: `tastytrade refused to list the accounts (HTTP ${response.status}): ${response.reason}` });
        try {
          return okAsync(toAccountSummaries(response.data).map(toAccountChoice));
        } catch (cause) {
          if (cause instanceof WireError) return errAsync({ kind: 'unavailable', message: `tastytrade answered an unexpected shape: ${cause.message}` });
          throw cause;
        }
      });
  }

  /**
   * Chains, quotes and market metrics through a login's grant, its access tokens shared with the login's
   * brokers: the server's own tastytrade login, or a person's.
   */
  loginMarketData(login: TastytradeLogin, options: Omit<TastytradeMarketDataOptions, 'now'> = {}): TastytradeMarketData {
    return new TastytradeMarketData(this.session(login), { ...options, now: this.now });
  }

  /** A person's own market (design §17), read with their link's grant; a link without tastytrade keys says so on every call. */
  marketData(access: BrokerAccess): MarketData {
    const login = this.login(access);
    if (login.isErr()) return unservedMarket('tastytrade cannot serve your market data: no tastytrade client secret and refresh token are linked.', 'Set them on the broker-keys page (/broker-keys), then connect.');
    return this.loginMarketData(login.value);
  }

  /** The tastytrade login of an access, or why it has none. */
  private login(access: BrokerAccess): Result<TastytradeLogin, BrokerError> {
    if (access.broker !== 'tastytrade') return err({ kind: 'unavailable', message: `TastytradeBrokers only opens tastytrade accounts, not ${access.broker}` });
    if (access.credentials?.kind !== 'tastytrade') return err({ kind: 'auth_failed', message: 'No tastytrade client secret and refresh token are linked to this account.' });
    return ok({ ownerId: access.ownerId, environment: access.environment, credentials: access.credentials });
  }

  private session(login: TastytradeLogin): TastytradeSession {
    const { credentials } = login;
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
      ownerId: login.ownerId,
      linkKey: linkKey(login),
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
function linkKey(login: TastytradeLogin): string {
  const { credentials } = login;
  const grant = createHash('sha256').update(`${credentials.clientSecret}\n${credentials.refreshToken}`).digest('hex').slice(0, 16);
  return `tastytrade:${login.environment}:${login.ownerId}:${grant}`;
}

function failing(error: BrokerError): DryRunBroker {
  return { ...failingBroker(error), dryRun: () => errAsync(error) };
}
