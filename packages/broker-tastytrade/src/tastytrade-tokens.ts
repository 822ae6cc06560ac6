import type { BrokerError } from '@condor/core';
import { ResultAsync, err, ok, type Result } from 'neverthrow';
import { ENVIRONMENT_WORDS, type TastytradeHttp, type TastytradeResponse } from './tastytrade-http.js';
import { isObject } from './tastytrade-wire.js';

/** An access token and when it stops working (epoch milliseconds). */
export interface CachedToken {
  readonly token: string;
  readonly expiresAt: number;
}

/**
 * Where minted access tokens are kept, by link. The default keeps them in this process; the runtime can share
 * them across instances (through the database) so a link is refreshed once per token lifetime, not per instance.
 */
export interface TokenCache {
  get(linkKey: string): Promise<CachedToken | undefined>;
  put(linkKey: string, token: string, expiresAt: number): Promise<void>;
}

/** A TokenCache in this process's memory. */
export class MemoryTokenCache implements TokenCache {
  private readonly tokens = new Map<string, CachedToken>();

  get(linkKey: string): Promise<CachedToken | undefined> {
    return Promise.resolve(this.tokens.get(linkKey));
  }

  put(linkKey: string, token: string, expiresAt: number): Promise<void> {
    this.tokens.set(linkKey, { token, expiresAt });
    return Promise.resolve();
  }
}

/** One link's OAuth grant: what mints its access tokens, and the client that sends the token call. */
export interface TokenGrant {
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
}

/** tastytrade's access tokens last 15 minutes; `expires_in` says so, this is for an answer without it. */
const DEFAULT_LIFETIME_SECONDS = 900;
const DEFAULT_MARGIN_MS = 60_000;
/** tastytrade blocks an address for hours after many failed logins, so a refused grant is not retried on every call. */
const DEFAULT_REFUSAL_MS = 5 * 60_000;
/** A caller whose refused token comes back from a flight it joined starts one more, at most this often. */
const MAX_ROUNDS = 3;

/**
 * Access tokens from each link's refresh grant (`POST /oauth/token`), cached per link and replaced a minute
 * before they expire. Concurrent callers of one link share one refresh: the second waits for the first's answer.
 * A refused grant is answered from memory for a while instead of being sent again on every call.
 * @example
 * const tokens = new TastytradeTokens({ cache: new MemoryTokenCache(), now: () => clock.now() });
 * const token = await tokens.accessToken(grant); // Ok('eyJ…'), minted once, then from the cache
 */
export class TastytradeTokens {
  private readonly flights = new Map<string, Promise<Result<string, BrokerError>>>();
  /** The last token this process saw per link, so a warm call does not read the shared cache. */
  private readonly seen = new Map<string, CachedToken>();
  /** Grants tastytrade refused, with the answer and until when it stands. Keys entered again are another grant. */
  private readonly refused = new Map<string, { readonly error: BrokerError; readonly until: number }>();

  constructor(private readonly options: TastytradeTokensOptions) {}

  /**
   * A usable access token for the link. `refused` is a token tastytrade just answered 401 to: it is not handed
   * back, even when the cache still holds it.
   */
  accessToken(grant: TokenGrant, refused?: string): ResultAsync<string, BrokerError> {
    return new ResultAsync(this.join(grant, refused));
  }

  private async join(grant: TokenGrant, refused: string | undefined): Promise<Result<string, BrokerError>> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let flight = this.flights.get(grant.linkKey);
      if (flight === undefined) {
        const started = this.lookUpOrMint(grant, refused).finally(() => {
          if (this.flights.get(grant.linkKey) === started) this.flights.delete(grant.linkKey);
        });
        flight = started;
        this.flights.set(grant.linkKey, flight);
      }
      const result = await flight;
      if (result.isErr() || result.value !== refused) return result;
    }
    return err({ kind: 'unavailable', message: 'tastytrade kept answering with an access token it had just refused' });
  }

  private async lookUpOrMint(grant: TokenGrant, refused: string | undefined): Promise<Result<string, BrokerError>> {
    const usable = (cached: CachedToken | undefined): cached is CachedToken =>
      cached !== undefined && cached.token !== refused && cached.expiresAt - (this.options.marginMs ?? DEFAULT_MARGIN_MS) > this.options.now();
    const seen = this.seen.get(grant.linkKey);
    if (usable(seen)) return ok(seen.token);
    const refusal = this.refused.get(grant.linkKey);
    if (refusal !== undefined && refusal.until > this.options.now()) return err(refusal.error);
    // A shared cache that fails is a cache miss: minting one more token is better than refusing to trade.
    const shared = await this.options.cache.get(grant.linkKey).catch(() => undefined);
    if (usable(shared)) {
      this.seen.set(grant.linkKey, shared);
      return ok(shared.token);
    }
    return this.mint(grant);
  }

  private async mint(grant: TokenGrant): Promise<Result<string, BrokerError>> {
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
    const cached = { token, expiresAt: startedAt + lifetime * 1000 };
    this.seen.set(grant.linkKey, cached);
    await this.options.cache.put(grant.linkKey, cached.token, cached.expiresAt).catch(() => undefined);
    return ok(token);
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
