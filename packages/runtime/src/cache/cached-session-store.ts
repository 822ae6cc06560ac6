import type { RefreshTokenRecord, SessionFamily, SessionStore } from '@condor/core';
import { TtlCache } from './ttl-cache.js';

/**
 * A SessionStore that keeps session families (what every authenticated request checks) for a moment. A
 * revocation through this instance (logout, refresh-token reuse, OAuth revoke, disconnecting a client) counts
 * on its next request; one through another instance within the cache's TTL. Refresh tokens are never cached:
 * their single use is a compare-and-set in the shared store.
 */
export class CachedSessionStore implements SessionStore {
  constructor(
    private readonly inner: SessionStore,
    private readonly families = new TtlCache<SessionFamily>(),
  ) {}

  createFamily(family: SessionFamily): Promise<void> {
    return this.inner.createFamily(family);
  }

  findFamily(id: string): Promise<SessionFamily | undefined> {
    return this.families.read(id, () => this.inner.findFamily(id));
  }

  revokeFamily(id: string, at: number): Promise<void> {
    return this.families.forgetAround(id, () => this.inner.revokeFamily(id, at));
  }

  async revokeAllOf(userId: string, at: number): Promise<number> {
    this.families.forgetWhere((family) => family.userId === userId);
    const revoked = await this.inner.revokeAllOf(userId, at);
    this.families.forgetWhere((family) => family.userId === userId);
    return revoked;
  }

  insertToken(token: RefreshTokenRecord): Promise<void> {
    return this.inner.insertToken(token);
  }

  findToken(hash: string): Promise<RefreshTokenRecord | undefined> {
    return this.inner.findToken(hash);
  }

  markTokenUsed(hash: string, at: number): Promise<boolean> {
    return this.inner.markTokenUsed(hash, at);
  }
}
