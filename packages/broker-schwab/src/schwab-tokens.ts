import { AccessTokens, type BrokerError, type CachedToken, type TokenCache } from '@condor/core';
import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { SchwabHttp } from './schwab-http.js';
import { REFRESH_TOKEN_MS, type SchwabApp } from './schwab-oauth.js';
import { isObject } from './schwab-wire.js';

export { MemoryTokenCache, type CachedToken, type TokenCache } from '@condor/core';

/** One link's login: what mints its access tokens. */
export interface SchwabGrant {
  readonly ownerId: string;
  /** Names the link in the cache: owner and a fingerprint of the refresh token, never the token itself. */
  readonly linkKey: string;
  readonly refreshToken: string;
  /** When the person logged in (epoch ms): the refresh token ends 7 days later. */
  readonly refreshIssuedAt: number;
}

export interface SchwabTokensOptions {
  readonly http: SchwabHttp;
  readonly app: SchwabApp;
  readonly cache: TokenCache;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** How long before its expiry a token is replaced (default 61 s, as Schwabdev does). */
  readonly marginMs?: number;
  /** The waits for another instance's token before minting anyway (default 5 × 200 ms). */
  readonly leaseWaitsMs?: readonly number[];
}

const DEFAULT_MARGIN_MS = 61_000;
const LEASE_MS = 10_000;
/** Schwab's access tokens last 30 minutes; `expires_in` says so, this is for an answer without it. */
const DEFAULT_LIFETIME_SECONDS = 1800;

/** The words of an ended link: log in at Schwab again. */
export function loginAgain(why: string): BrokerError {
  return { kind: 'auth_failed', loginAt: 'Schwab', message: `${why} Log in at Schwab again from the broker keys page (/broker-keys) to link it anew; your positions stay as they are.` };
}

/**
 * Access tokens (30 minutes) of every Schwab link, minted from the link's refresh token single-flight within this
 * process and across instances sharing a cache (core's `AccessTokens`). A refresh token 7 days old is not sent at
 * all: the answer says to log in at Schwab again, as it does when Schwab refuses the refresh.
 * @example
 * const token = await tokens.accessToken(grant); // Ok('I0.…'), minted once, then from the cache
 */
export class SchwabTokens {
  private readonly tokens: AccessTokens<SchwabGrant>;

  constructor(private readonly options: SchwabTokensOptions) {
    const { cache, now, sleep, leaseWaitsMs, marginMs = DEFAULT_MARGIN_MS } = options;
    this.tokens = new AccessTokens<SchwabGrant>({ cache, now, sleep, leaseWaitsMs, marginMs, leaseMs: LEASE_MS, brokerWords: 'Schwab', before: (grant) => this.loginStillGood(grant), mint: (grant) => this.mint(grant) });
  }

  /** A usable access token; `refused` is one Schwab just answered 401 to, never handed back. */
  accessToken(grant: SchwabGrant, refused?: string): ResultAsync<string, BrokerError> {
    return this.tokens.accessToken(grant, refused);
  }

  /** Keeps the access token a code exchange gave, so the first calls of a new link need no refresh. */
  seed(grant: SchwabGrant, token: CachedToken): Promise<void> {
    return this.tokens.seed(grant, token);
  }

  private loginStillGood(grant: SchwabGrant): Result<void, BrokerError> {
    const endsAt = grant.refreshIssuedAt + REFRESH_TOKEN_MS;
    if (endsAt > this.options.now()) return ok(undefined);
    return err(loginAgain(`Your Schwab link ended on ${new Date(endsAt).toISOString().slice(0, 16).replace('T', ' ')} UTC: Schwab ends every login after 7 days.`));
  }

  private async mint(grant: SchwabGrant): Promise<Result<CachedToken, BrokerError>> {
    const { http, app } = this.options;
    const startedAt = this.options.now();
    http.remember(grant.refreshToken);
    const answer = await http.send('POST', '/v1/oauth/token', { basic: { user: app.appKey, password: app.appSecret }, form: { grant_type: 'refresh_token', refresh_token: grant.refreshToken } });
    if (answer.isErr()) return err(answer.error);
    const response = answer.value;
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      return err(loginAgain(`Schwab no longer accepts this link's login (HTTP ${String(response.status)}): it ended after 7 days, or was revoked at Schwab.`));
    }
    const data = response.data;
    const token = isObject(data) && typeof data.access_token === 'string' ? data.access_token : '';
    if (response.status !== 200 || token === '') return err({ kind: 'unavailable', message: `Schwab's token endpoint answered ${String(response.status)} without an access token: ${response.reason}` });
    http.remember(token);
    const lifetime = isObject(data) && typeof data.expires_in === 'number' ? data.expires_in : DEFAULT_LIFETIME_SECONDS;
    return ok({ token, expiresAt: startedAt + lifetime * 1000 });
  }
}
