import { createHash } from 'node:crypto';
import type { Broker, BrokerAccountChoice, BrokerCredentials, BrokerDryRun, BrokerError, BrokerLogin, BrokerLoginFlow, BrokerName, Brokers, MarketData, MultiLegOrder } from '@condor/core';
import { failingBroker, RequestBudget, unservedMarket } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { SchwabBroker } from './schwab-broker.js';
import { SCHWAB_API_URL, SchwabHttp } from './schwab-http.js';
import { SchwabMarketData } from './schwab-market-data.js';
import { authorizeUrl, challengeOf, exchangeCode, type SchwabApp, type SchwabLogin } from './schwab-oauth.js';
import { MemoryPlacementJournal, type PlacementJournal } from './schwab-placements.js';
import { SchwabSession } from './schwab-session.js';
import { MemoryTokenCache, SchwabTokens, type SchwabGrant, type TokenCache } from './schwab-tokens.js';
import { isObject } from './schwab-wire.js';

/** The secrets of a Schwab link: the login's refresh token and when it was issued, and the chosen account's hash (null before the choice). */
export type SchwabCredentials = Extract<BrokerCredentials, { readonly kind: 'schwab' }>;

/** A person's link as the adapter opens it: core's BrokerAccess, or just its owner and credentials. */
export interface SchwabAccess {
  readonly ownerId: string;
  readonly credentials: BrokerCredentials | null;
}

/** A link with Schwab credentials. */
export interface SchwabLink {
  readonly ownerId: string;
  readonly credentials: SchwabCredentials;
}

const schwabLink = ({ ownerId, credentials }: SchwabAccess): SchwabLink | null => (credentials?.kind === 'schwab' ? { ownerId, credentials } : null);

/** A Broker that always has the dry run: Schwab's preview computes its fees and buying-power effect. */
export interface DryRunBroker extends Broker {
  dryRun(order: MultiLegOrder): ResultAsync<BrokerDryRun, BrokerError>;
}

export interface SchwabBrokersOptions {
  readonly app: SchwabApp;
  /** `CONDOR_SCHWAB_API_URL`: one origin instead of `https://api.schwabapi.com` (a local fake in tests). */
  readonly apiUrl?: string;
  readonly tokenCache?: TokenCache;
  /** Where placement intents are kept (default this process's memory; the runtime's must survive a restart). */
  readonly journal?: PlacementJournal;
  readonly timeoutMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Non-order requests a minute for the whole app (default 110, under Schwab's 120). */
  readonly appRequestsPerMinute?: number;
  /** Order requests a minute per account (default 60; Schwab's is 0–120, chosen at app registration). */
  readonly orderRequestsPerMinute?: number;
  /** What a 429 without `Retry-After` asks callers to wait, seconds (default 30). */
  readonly retryAfterSeconds?: number;
  /** How many days back `orders('all')` lists (default 30; Schwab serves 60). */
  readonly historyDays?: number;
}

/**
 * Opens people's Schwab accounts from the login they linked (the refresh token of an OAuth authorization code
 * grant) and the account they chose. One instance per deployment: it holds the app's request budget and every
 * link's access tokens, so concurrent calls on a link share one refresh (instances sharing a `tokenCache` with
 * leases too). Schwab is live only: there is no paper environment.
 * @example
 * const brokers = new SchwabBrokers({ app: { appKey, appSecret, callbackUrl }, apiUrl: process.env.CONDOR_SCHWAB_API_URL });
 * const login = await brokers.exchangeCode({ code, verifier }); // Ok({ refreshToken, refreshIssuedAt, … })
 * const accounts = await brokers.listAccounts({ ownerId: 'u1', credentials: { kind: 'schwab', refreshToken, refreshIssuedAt, accountHash: null } });
 */
export class SchwabBrokers implements Brokers {
  readonly available: readonly BrokerName[] = ['schwab'];
  /** The login page of the deployment's app, for linking by logging in (core's `BrokerLoginFlow`). */
  readonly loginFlows: Readonly<Partial<Record<BrokerName, BrokerLoginFlow>>>;
  private readonly http: SchwabHttp;
  private readonly tokens: SchwabTokens;
  private readonly journal: PlacementJournal;
  private readonly apiUrl: string;

  constructor(private readonly options: SchwabBrokersOptions) {
    this.apiUrl = (options.apiUrl ?? SCHWAB_API_URL).replace(/\/+$/, '');
    const budget = (limit: number): RequestBudget => new RequestBudget({ limit, windowMs: 60_000, now: this.now, sleep: this.sleep });
    this.http = new SchwabHttp({
      baseUrl: this.apiUrl,
      timeoutMs: options.timeoutMs ?? 10_000,
      sleep: this.sleep,
      retryAfterSeconds: options.retryAfterSeconds ?? 30,
      appBudget: budget(options.appRequestsPerMinute ?? 110),
      orderBudget: budget(options.orderRequestsPerMinute ?? 60),
      secrets: [options.app.appSecret],
    });
    this.tokens = new SchwabTokens({ http: this.http, app: options.app, cache: options.tokenCache ?? new MemoryTokenCache(this.now), now: this.now, sleep: this.sleep });
    this.journal = options.journal ?? new MemoryPlacementJournal();
    this.loginFlows = {
      schwab: {
        origin: new URL(this.apiUrl).origin,
        authorizeUrl: ({ state, verifier }) => this.authorizeUrl({ state, challenge: challengeOf(verifier) }),
        exchangeCode: (request) => this.exchangeCode(request).map((login): BrokerLogin => ({ refreshToken: login.refreshToken, loggedInAt: login.refreshIssuedAt })),
      },
    };
  }

  /** Schwab's authorize page for a person, with the state bound to their browser session and the PKCE challenge. */
  authorizeUrl(request: { readonly state: string; readonly challenge: string }): string {
    return authorizeUrl(this.apiUrl, this.options.app, request);
  }

  /** The code at the callback exchanged for the link's tokens; its access token is kept for the link's first calls. */
  exchangeCode(request: { readonly code: string; readonly verifier: string; readonly ownerId?: string }): ResultAsync<SchwabLogin, BrokerError> {
    return exchangeCode(this.http, this.options.app, { ...request, now: this.now }).andThen((login) => {
      if (request.ownerId === undefined) return okAsync(login);
      const grant = this.grant({ ownerId: request.ownerId, credentials: { kind: 'schwab', refreshToken: login.refreshToken, refreshIssuedAt: login.refreshIssuedAt, accountHash: null } });
      return ResultAsync.fromSafePromise(this.tokens.seed(grant, { token: login.accessToken, expiresAt: login.accessExpiresAt })).map(() => login);
    });
  }

  /** The chosen account; a link without a chosen account opens a broker that says so on every call. */
  open(access: SchwabAccess): DryRunBroker {
    const link = schwabLink(access);
    if (link === null) return failing(noLogin());
    const { accountHash } = link.credentials;
    if (accountHash === null) return failing({ kind: 'auth_failed', loginAt: 'Schwab', message: 'No Schwab account is chosen for this link: choose one of the accounts you allowed at Schwab.' });
    return new SchwabBroker(this.session(link), { accountHash, journal: this.journal, now: this.now, historyDays: this.options.historyDays ?? 30, sleep: this.sleep });
  }

  /**
   * The accounts the person allowed at Schwab (`GET /trader/v1/accounts/accountNumbers`): `accountNumber` is what
   * the person reads, `hashValue` what trading addresses; the choice keeps the hash.
   */
  listAccounts(access: SchwabAccess): ResultAsync<readonly (BrokerAccountChoice & { readonly accountHash: string })[], BrokerError> {
    const link = schwabLink(access);
    if (link === null) return errAsync(noLogin());
    return this.session(link)
      .request('GET', '/trader/v1/accounts/accountNumbers', { idempotent: true })
      .andThen((response) => {
        if (response.status !== 200 || !Array.isArray(response.data)) return errAsync<never, BrokerError>({ kind: 'unavailable', message: `Schwab did not list the accounts (HTTP ${String(response.status)}): ${response.reason}` });
        return okAsync(
          response.data.filter(isObject).map((entry) => ({
            accountNumber: String(entry.accountNumber),
            accountHash: String(entry.hashValue),
            accountKey: String(entry.hashValue),
            description: `Schwab account ending ${String(entry.accountNumber).slice(-4)}`,
            canTrade: true,
          })),
        );
      });
  }

  /** A person's own market (design §17), read with their link; a link that cannot serve says so. */
  marketData(access: SchwabAccess | null): MarketData {
    const link = access === null ? null : schwabLink(access);
    if (link === null) return unservedMarket('Schwab cannot serve your market data: no Schwab login is linked.', 'Log in at Schwab from the broker keys page (/broker-keys).');
    return new SchwabMarketData(this.session(link), { now: this.now });
  }

  private session(access: SchwabLink): SchwabSession {
    return new SchwabSession(this.http, this.tokens, this.grant(access));
  }

  private grant(access: SchwabLink): SchwabGrant {
    const { refreshToken, refreshIssuedAt } = access.credentials;
    const fingerprint = createHash('sha256').update(refreshToken).digest('hex').slice(0, 16);
    return { ownerId: access.ownerId, linkKey: `schwab:live:${access.ownerId}:${fingerprint}`, refreshToken, refreshIssuedAt };
  }

  private readonly now = (): number => (this.options.now ?? Date.now)();
  private readonly sleep = (ms: number): Promise<void> => (this.options.sleep ?? ((wait: number) => new Promise<void>((resolve) => setTimeout(resolve, wait))))(ms);
}

const noLogin = (): BrokerError => ({ kind: 'auth_failed', loginAt: 'Schwab', message: 'No Schwab login is linked: log in at Schwab from the broker keys page (/broker-keys).' });

function failing(error: BrokerError): DryRunBroker {
  return { ...failingBroker(error), dryRun: () => errAsync(error) };
}
