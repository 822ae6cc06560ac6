import { MemoryTokenCache, type CachedToken, type TokenCache } from '@condor/core';

/** The owner of the server's own tastytrade login (CONDOR_MARKET_DATA=tastytrade); user ids are UUIDs, so it names none. */
export const SERVER_LOGIN_OWNER = 'condor';

/**
 * Keeps the access tokens of the server's own login in this process's memory and passes every link's to `shared`.
 * The database keeps tokens only for users' links (each row belongs to a user), and the server's login is no user:
 * each instance mints its own token for it, once per token lifetime, and no cache failure is logged every time.
 * @example
 * const cache = new ServerLoginTokenCache(new SealedTokenCache({ links, secrets, now, logger }), now);
 * new TastytradeBrokers({ version: CONDOR_VERSION, tokenCache: cache });
 */
export class ServerLoginTokenCache implements TokenCache {
  private readonly memory: MemoryTokenCache;

  constructor(
    private readonly shared: TokenCache,
    now: () => number,
  ) {
    this.memory = new MemoryTokenCache(now);
  }

  get(ownerId: string, linkKey: string): Promise<CachedToken | undefined> {
    return this.of(ownerId).get(ownerId, linkKey);
  }

  put(ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void> {
    return this.of(ownerId).put(ownerId, linkKey, token, expiresAt);
  }

  claim(ownerId: string, linkKey: string, until: number): Promise<boolean> {
    const cache = this.of(ownerId);
    return cache.claim === undefined ? Promise.resolve(true) : cache.claim(ownerId, linkKey, until);
  }

  private of(ownerId: string): TokenCache {
    return ownerId === SERVER_LOGIN_OWNER ? this.memory : this.shared;
  }
}
