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
 * Where minted access tokens are kept, by link. The default keeps them in this process; the runtime shares them
 * across instances (through the database, sealed) so a link is refreshed once per token lifetime, not per instance.
 * `ownerId` is the link's owner, whom a shared cache binds each token to.
 */
export interface TokenCache {
  get(ownerId: string, linkKey: string): Promise<CachedToken | undefined>;
  /** Keeps a newly minted token, and ends the lease its minter held. */
  put(ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void>;
  /**
   * Takes the lease to mint the link's next token until `until` (epoch ms), unless another holder's lease is still
   * running: of concurrent claims on every instance sharing the cache, one gets true. A cache without it (one
   * process) needs none: the process's own callers already share one refresh.
   */
  claim?(ownerId: string, linkKey: string, until: number): Promise<boolean>;
}

/** A TokenCache in this process's memory, leases included (several TastytradeBrokers on one cache behave as instances do). */
export class MemoryTokenCache implements TokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly leases = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  get(_ownerId: string, linkKey: string): Promise<CachedToken | undefined> {
    return Promise.resolve(this.tokens.get(linkKey));
  }

  put(_ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void> {
    this.tokens.set(linkKey, { token, expiresAt });
    this.leases.delete(linkKey);
    return Promise.resolve();
  }

  claim(_ownerId: string, linkKey: string, until: number): Promise<boolean> {
    const held = this.leases.get(linkKey);
    if (held !== undefined && held > this.now()) return Promise.resolve(false);
    this.leases.set(linkKey, until);
    return Promise.resolve(true);
  }
}

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
/** A caller whose refused token comes back from a flight it joined starts one more, at most this often. */
const MAX_ROUNDS = 3;
/** How long the lease to mint a link's token lasts: longer than one token call may take (10 s timeout). */
const LEASE_MS = 15_000;
/** How long an instance that lost the lease waits for the winner's token before minting its own. */
const DEFAULT_LEASE_WAITS_MS = [200, 200, 200, 200, 200] as const;

/**
 * Access tokens from each link's refresh grant (`POST /oauth/token`), cached per link and replaced a minute
 * before they expire. Concurrent callers of one link share one refresh: the second waits for the first's answer.
 * Across instances sharing a cache with leases, one instance mints while the others wait briefly for its token
 * (and mint their own only if it does not come). A refused grant is answered from memory for a while instead of
 * being sent again on every call.
 * @example
 * const tokens = new TastytradeTokens({ cache: new MemoryTokenCache(), now: () => clock.now(), sleep });
 * const token = await tokens.accessToken(grant); // Ok('eyJ…'), minted once, then from the cache
 */
export class TastytradeTokens {
  private readonly flights = new Map<string, Promise<Result<string, BrokerError>>>();
  /** The last token this process saw per link, so a warm call does not read the shared cache. */
  private readonly seen = new Map<string, CachedToken>();
  /** Grants tastytrade refused, with the answer and until when it stands. Keys entered again are another grant. */
  private readonly refused = new Map<string, { readonly error: BrokerError; readonly until: number }>();
  /** The leases this process holds, by link, and until when: a retry after its own failed mint does not wait on itself. */
  private readonly leases = new Map<string, number>();

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
    const fromShared = async (): Promise<string | null> => {
      const shared = await this.shared(grant);
      if (!usable(shared)) return null;
      this.seen.set(grant.linkKey, shared);
      return shared.token;
    };
    const seen = this.seen.get(grant.linkKey);
    if (usable(seen)) return ok(seen.token);
    const refusal = this.refused.get(grant.linkKey);
    if (refusal !== undefined && refusal.until > this.options.now()) return err(refusal.error);
    const shared = await fromShared();
    if (shared !== null) return ok(shared);
    if (await this.takeLease(grant)) {
      // Another instance may have kept a token between the look above and the lease.
      const kept = this.options.cache.claim === undefined ? null : await fromShared();
      if (kept !== null) return ok(kept);
    } else {
      for (const wait of this.options.leaseWaitsMs ?? DEFAULT_LEASE_WAITS_MS) {
        await this.options.sleep(wait);
        const theirs = await fromShared();
        if (theirs !== null) return ok(theirs);
      }
      // The lease holder is slow or gone: one more token is better than refusing to trade.
    }
    return this.mint(grant);
  }

  /** The shared cache's token for the link; a cache that fails is a miss, as minting one more token is better than refusing to trade. */
  private shared(grant: TokenGrant): Promise<CachedToken | undefined> {
    return this.options.cache.get(grant.ownerId, grant.linkKey).catch(() => undefined);
  }

  /** Whether this process may mint the link's token: it holds the lease, or the cache gave it, or the cache has no leases (or failed). */
  private async takeLease(grant: TokenGrant): Promise<boolean> {
    const { cache } = this.options;
    if (cache.claim === undefined) return true;
    const now = this.options.now();
    if ((this.leases.get(grant.linkKey) ?? 0) > now) return true;
    const until = now + LEASE_MS;
    const won = await cache.claim(grant.ownerId, grant.linkKey, until).catch(() => true);
    if (won) this.leases.set(grant.linkKey, until);
    return won;
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
    await this.options.cache.put(grant.ownerId, grant.linkKey, cached.token, cached.expiresAt).catch(() => undefined);
    this.leases.delete(grant.linkKey);
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
