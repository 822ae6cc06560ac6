import type { BrokerLinkStore, CachedToken, Logger, SecretBox, TokenCache } from '@condor/core';

/** Binds a sealed token to its owner and link key, so a ciphertext moved to another row or link does not open. */
export const tokenContext = (ownerId: string, linkKey: string): string => `broker_token|${ownerId}|${linkKey}|v1`;

export interface SealedTokenCacheOptions {
  readonly links: BrokerLinkStore;
  readonly secrets: SecretBox;
  /** Epoch milliseconds: when a lease is taken and a token kept. */
  readonly now: () => number;
  readonly logger: Logger;
}

/**
 * A broker adapter's access tokens kept for every instance on the database: sealed at rest under the secret box
 * (bound to the owner and the link key) through the `BrokerLinkStore`, with its lease so one instance mints a link's
 * next token while the others wait for it. A token that no longer opens (the secret key changed) is a miss. A failure
 * is logged by its operation, never with the token, and passed on: the adapter then mints rather than refusing to trade.
 * @example
 * const tokenCache = new SealedTokenCache({ links: services.brokerLinks, secrets, now: () => clock.now(), logger });
 * new TastytradeBrokers({ version: CONDOR_VERSION, tokenCache });
 */
export class SealedTokenCache implements TokenCache {
  constructor(private readonly options: SealedTokenCacheOptions) {}

  get(ownerId: string, linkKey: string): Promise<CachedToken | undefined> {
    return this.logged('read', async () => {
      const kept = await this.options.links.keptToken(linkKey);
      if (kept === undefined) return undefined;
      const token = await this.options.secrets.open(kept.sealed, tokenContext(ownerId, linkKey));
      return token === null ? undefined : { token, expiresAt: kept.expiresAt };
    });
  }

  put(ownerId: string, linkKey: string, token: string, expiresAt: number): Promise<void> {
    return this.logged('keep', async () => {
      const sealed = await this.options.secrets.seal(token, tokenContext(ownerId, linkKey));
      await this.options.links.keepToken(ownerId, linkKey, { sealed, expiresAt }, this.options.now());
    });
  }

  claim(ownerId: string, linkKey: string, until: number): Promise<boolean> {
    return this.logged('claim', () => this.options.links.claimTokenRefresh(ownerId, linkKey, this.options.now(), until));
  }

  private async logged<T>(operation: 'read' | 'keep' | 'claim', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.options.logger.warn('broker_token_cache_failed', { operation, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }
}
