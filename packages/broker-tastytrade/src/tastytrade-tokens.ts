import { AccessTokens, type BrokerError, type CachedToken, type TokenCache } from '@condor/core';
import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { ENVIRONMENT_WORDS, type TastytradeHttp, type TastytradeResponse } from './tastytrade-http.js';
import { isObject } from './tastytrade-wire.js';

export { MemoryTokenCache, type CachedToken, type TokenCache } from '@condor/core';

/** One link's OAuth grant: what mints its access tokens, and the client that sends the token call. */
export interface TokenGrant {
  /** The link's owner, whom a shared cache binds its tokens to. */
  readonly ownerId: string;
  /** Names the link in the cache (environment, owner and a fingerprint of the grant; never the secrets). */
  readonly linkKey: string;
  readonly http: TastytradeHttp;
  readonly clientSecret: string;
  readonly refreshToken: string;
}

export interface TastytradeTokensOptions {
  readonly cache: TokenCache;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** How long before its expiry a token is replaced (default 60 s). */
  readonly marginMs?: number;
  /** How long a refused grant is answered from memory before it is tried again (default 5 minutes). */
  readonly refusalMs?: number;
  /** Waits between looks at the shared cache while another instance mints. */
  readonly sleep: (ms: number) => Promise<void>;
  /** The waits for another instance's token, milliseconds each, before minting anyway (default 5 × 200 ms). */
  readonly leaseWaitsMs?: readonly number[];
}

/** tastytrade's access tokens last 15 minutes; `expires_in` says so, this is for an answer without it. */
const DEFAULT_LIFETIME_SECONDS = 900;
const DEFAULT_MARGIN_MS = 60_000;
/** tastytrade blocks an address for hours after many failed logins, so a refused grant is not retried on every call. */
const DEFAULT_REFUSAL_MS = 5 * 60_000;
/** How long the lease to mint a link's token lasts: longer than one token call may take (10 s timeout). */
const LEASE_MS = 15_000;

/**
 * Access tokens from each link's refresh grant (`POST /oauth/token`), cached per link and replaced a minute before
 * they expire, single-flight within this process and across instances sharing a cache (core's `AccessTokens`).
 * A refused grant is answered from memory for a while instead of being sent again on every call.
 * @example
 * const tokens = new TastytradeTokens({ cache: new MemoryTokenCache(now), now, sleep });
 * const token = await tokens.accessToken(grant); // Ok('eyJ…'), minted once, then from the cache
 */
export class TastytradeTokens {
  private readonly tokens: AccessTokens<TokenGrant>;
  /** Grants tastytrade refused, with the answer and until when it stands. Keys entered again are another grant. */
  private readonly refused = new Map<string, { readonly error: BrokerError; readonly until: number }>();

  constructor(private readonly options: TastytradeTokensOptions) {
    const { cache, now, sleep, leaseWaitsMs, marginMs = DEFAULT_MARGIN_MS } = options;
    this.tokens = new AccessTokens<TokenGrant>({ cache, now, sleep, leaseWaitsMs, marginMs, leaseMs: LEASE_MS, brokerWords: 'tastytrade', before: (grant) => this.standingRefusal(grant), mint: (grant) => this.mint(grant) });
  }

  /**
   * A usable access token for the link. `refused` is a token tastytrade just answered 401 to: it is not handed
   * back, even when the cache still holds it.
   */
  accessToken(grant: TokenGrant, refused?: string): ResultAsync<string, BrokerError> {
    return this.tokens.accessToken(grant, refused);
  }

  private standingRefusal(grant: TokenGrant): Result<void, BrokerError> {
    const refusal = this.refused.get(grant.linkKey);
    return refusal !== undefined && refusal.until > this.options.now() ? err(refusal.error) : ok(undefined);
  }

  private async mint(grant: TokenGrant): Promise<Result<CachedToken, BrokerError>> {
    const startedAt = this.options.now();
    const body = { grant_type: 'refresh_token', refresh_token: grant.refreshToken, client_secret: grant.clientSecret };
    const answer = await grant.http.send('POST', '/oauth/token', { body });
    if (answer.isErr()) return err(answer.error);
    const response = answer.value;
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      const error = refusedGrant(grant, response);
      this.refused.set(grant.linkKey, { error, until: this.options.now() + (this.options.refusalMs ?? DEFAULT_REFUSAL_MS) });
      return err(error);
    }
    const token = isObject(response.data) && typeof response.data.access_token === 'string' ? response.data.access_token : '';
    if (response.status !== 200 || token === '') {
      return err({ kind: 'unavailable', message: `tastytrade's token endpoint answered ${response.status} without an access token: ${response.reason}` });
    }
    const lifetime = isObject(response.data) && typeof response.data.expires_in === 'number' ? response.data.expires_in : DEFAULT_LIFETIME_SECONDS;
    // From when the request left, so the token is never taken for younger than it is.
    return ok({ token, expiresAt: startedAt + lifetime * 1000 });
  }
}

/** A refresh tastytrade refused: the grant was revoked, the secret regenerated, or the keys are the other environment's. */
function refusedGrant(grant: TokenGrant, response: TastytradeResponse): BrokerError {
  const environment = grant.http.options.environment;
  const other = environment === 'paper' ? 'live' : 'paper';
  return {
    kind: 'auth_failed',
    message:
      `tastytrade refused the refresh token on its ${ENVIRONMENT_WORDS[environment]} environment (HTTP ${response.status}: ${response.reason}). ` +
      `The grant may have been revoked, the client secret regenerated, or these may be ${ENVIRONMENT_WORDS[other]} keys. ` +
      'Re-enter the client secret and refresh token on the broker keys page.',
  };
}
