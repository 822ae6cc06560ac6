import type { BrokerLink, BrokerLinkStore, KeptToken } from '@condor/core';
import { TtlCache } from './ttl-cache.js';

/**
 * The broker links, read fresh by every caller (a placement opens the very link it reads), plus `recent`: the link
 * as read within the last moment, for choosing a person's market on each call (design §17) without a database read
 * per request. A link changed through this instance is forgotten at once; one changed through another, within the
 * cache's time — and a proposal priced on a market that changed meanwhile is refused at confirm, which reads fresh.
 */
export class CachedBrokerLinkStore implements BrokerLinkStore {
  constructor(
    private readonly inner: BrokerLinkStore,
    private readonly recentLinks = new TtlCache<BrokerLink>(),
  ) {}

  get(ownerId: string): Promise<BrokerLink | undefined> {
    return this.inner.get(ownerId);
  }

  /**
   * The owner's connected link as read within the cache's time. A person with no connected link is read afresh each
   * time: linking is the change a person makes right before trading, and another instance must see it at once.
   */
  async recent(ownerId: string): Promise<BrokerLink | undefined> {
    let fresh: BrokerLink | undefined;
    const kept = await this.recentLinks.read(ownerId, async () => {
      fresh = await this.inner.get(ownerId);
      return fresh?.connectedAt == null ? undefined : fresh;
    });
    return kept ?? fresh;
  }

  async put(link: BrokerLink): Promise<void> {
    this.recentLinks.forget(link.ownerId);
    await this.inner.put(link);
    this.recentLinks.forget(link.ownerId);
  }

  async delete(ownerId: string): Promise<boolean> {
    this.recentLinks.forget(ownerId);
    const deleted = await this.inner.delete(ownerId);
    this.recentLinks.forget(ownerId);
    return deleted;
  }

  async disconnectIfUnchanged(ownerId: string, updatedAt: number, at: number): Promise<boolean> {
    this.recentLinks.forget(ownerId);
    const disconnected = await this.inner.disconnectIfUnchanged(ownerId, updatedAt, at);
    this.recentLinks.forget(ownerId);
    return disconnected;
  }

  keptToken(linkKey: string): Promise<KeptToken | undefined> {
    return this.inner.keptToken(linkKey);
  }

  claimTokenRefresh(ownerId: string, linkKey: string, now: number, until: number): Promise<boolean> {
    return this.inner.claimTokenRefresh(ownerId, linkKey, now, until);
  }

  keepToken(ownerId: string, linkKey: string, token: KeptToken, now: number): Promise<void> {
    return this.inner.keepToken(ownerId, linkKey, token, now);
  }

  loginsBetween(loggedInFrom: number, loggedInBefore: number, limit: number): Promise<readonly BrokerLink[]> {
    return this.inner.loginsBetween(loggedInFrom, loggedInBefore, limit);
  }
}
