import { ResultAsync, err, ok, type Result } from 'neverthrow';
import type { BrokerError } from '../ports/broker.js';
import type { CachedToken, TokenCache } from '../ports/token-cache.js';

/** A TokenCache in this process's memory, leases included (several AccessTokens on one cache behave as instances do). */
export class MemoryTokenCache implements TokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly leases = new Map<string, number>();

  /** `now` is epoch milliseconds: a lease runs until the time its claim named. */
  constructor(private readonly now: () => number) {}

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

/** What every broker's grant names: the link's owner, whom a shared cache binds its tokens to, and the link's cache key. */
export interface AccessGrant {
  readonly ownerId: string;
  /** Names the link in the cache (a fingerprint of the grant; never its secrets). Keys entered again are another link. */
  readonly linkKey: string;
}

export interface AccessTokensOptions<Grant extends AccessGrant> {
  readonly cache: TokenCache;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** Waits between looks at the shared cache while another instance mints. */
  readonly sleep: (ms: number) => Promise<void>;
  /** Sends the broker's token call for the grant: the token and when it expires, or the broker's words for why not. */
  readonly mint: (grant: Grant) => Promise<Result<CachedToken, BrokerError>>;
  /** An answer that stands without any cache or token call (a refusal remembered, a login too old to send); looked at first. */
  readonly before?: (grant: Grant) => Result<void, BrokerError>;
  /** How long before its expiry a token is replaced. */
  readonly marginMs: number;
  /** How long the lease to mint a link's token lasts: longer than one token call may take. */
  readonly leaseMs: number;
  /** The waits for another instance's token, milliseconds each, before minting anyway (default 5 × 200 ms). */
  readonly leaseWaitsMs?: readonly number[] | undefined;
  /** The broker as the answers name it: "tastytrade", "Schwab". */
  readonly brokerWords: string;
}

/** A caller whose refused token comes back from a flight it joined starts one more, at most this often. */
const MAX_ROUNDS = 3;
const DEFAULT_LEASE_WAITS_MS = [200, 200, 200, 200, 200] as const;

/**
 * A broker's access tokens, minted single-flight from each link's grant and cached per link until `marginMs` before
 * they expire. Concurrent callers of one link in this process share one mint. Across instances sharing a cache with
 * leases, one instance mints while the others wait briefly for its token (and mint their own only if it does not
 * come: one more token is better than refusing to trade). Pure given its cache, clock, sleep and mint.
 * @example
 * const tokens = new AccessTokens<Grant>({ cache, now, sleep, mint: (grant) => sendTokenCall(grant), marginMs: 60_000, leaseMs: 15_000, brokerWords: 'tastytrade' });
 * const token = await tokens.accessToken(grant); // Ok('eyJ…'), minted once, then from the cache
 */
export class AccessTokens<Grant extends AccessGrant> {
  private readonly flights = new Map<string, Promise<Result<string, BrokerError>>>();
  /** The last token this process saw per link, so a warm call does not read the shared cache. */
  private readonly seen = new Map<string, CachedToken>();
  /** The leases this process holds, by link, and until when: a retry after its own failed mint does not wait on itself. */
  private readonly held = new Map<string, number>();

  constructor(private readonly options: AccessTokensOptions<Grant>) {}

  /**
   * A usable access token for the link. `refused` is a token the broker just answered 401 to: it is not handed back,
   * even when the cache still holds it.
   */
  accessToken(grant: Grant, refused?: string): ResultAsync<string, BrokerError> {
    return new ResultAsync(this.join(grant, refused));
  }

  /** Keeps a token the broker gave another way (a login's code exchange), so the first calls of a new link mint none. */
  async seed(grant: Grant, token: CachedToken): Promise<void> {
    await this.keep(grant, token);
  }

  private async join(grant: Grant, refused: string | undefined): Promise<Result<string, BrokerError>> {
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
    return err({ kind: 'unavailable', message: `${this.options.brokerWords} kept answering with an access token it had just refused` });
  }

  private async lookUpOrMint(grant: Grant, refused: string | undefined): Promise<Result<string, BrokerError>> {
    const standing = this.options.before?.(grant);
    if (standing?.isErr() === true) return err(standing.error);
    const usable = (cached: CachedToken | undefined): cached is CachedToken =>
      cached !== undefined && cached.token !== refused && cached.expiresAt - this.options.marginMs > this.options.now();
    const fromShared = async (): Promise<string | null> => {
      const shared = await this.shared(grant);
      if (!usable(shared)) return null;
      this.seen.set(grant.linkKey, shared);
      return shared.token;
    };
    const seen = this.seen.get(grant.linkKey);
    if (usable(seen)) return ok(seen.token);
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
    const minted = await this.options.mint(grant);
    if (minted.isErr()) return err(minted.error);
    await this.keep(grant, minted.value);
    return ok(minted.value.token);
  }

  /** The shared cache's token for the link; a cache that fails is a miss, as minting one more token is better than refusing to trade. */
  private shared(grant: Grant): Promise<CachedToken | undefined> {
    return this.options.cache.get(grant.ownerId, grant.linkKey).catch(() => undefined);
  }

  /** Whether this process may mint the link's token: it holds the lease, or the cache gave it, or the cache has no leases (or failed). */
  private async takeLease(grant: Grant): Promise<boolean> {
    const { cache } = this.options;
    if (cache.claim === undefined) return true;
    const now = this.options.now();
    if ((this.held.get(grant.linkKey) ?? 0) > now) return true;
    const until = now + this.options.leaseMs;
    const won = await cache.claim(grant.ownerId, grant.linkKey, until).catch(() => true);
    if (won) this.held.set(grant.linkKey, until);
    return won;
  }

  /** Remembers the token here and in the shared cache (whose put ends the lease); a cache that fails costs only a later mint. */
  private async keep(grant: Grant, token: CachedToken): Promise<void> {
    this.seen.set(grant.linkKey, token);
    await this.options.cache.put(grant.ownerId, grant.linkKey, token.token, token.expiresAt).catch(() => undefined);
    this.held.delete(grant.linkKey);
  }
}
