/** An access token a broker minted and when it stops working (epoch milliseconds). */
export interface CachedToken {
  readonly token: string;
  readonly expiresAt: number;
}

/**
 * Where minted broker access tokens are kept, by link. The default keeps them in this process; the runtime shares them
 * across instances (through the database, sealed) so a link is refreshed once per token lifetime, not per instance.
 * One interface for every broker, so the runtime's sealed, shared cache serves tastytrade and Schwab alike.
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
