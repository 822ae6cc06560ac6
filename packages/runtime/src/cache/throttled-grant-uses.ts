import type { OAuthGrant, OAuthGrantStore } from '@condor/core';

/**
 * An OAuthGrantStore that writes a grant's use only when this process has not written one within the same
 * window: every OAuth request records its use, and without this each would be a database statement. Another
 * instance writing meanwhile is fine — the shared store's own `unlessSince` keeps the row to the minute.
 */
export class ThrottledGrantUses implements OAuthGrantStore {
  private readonly written = new Map<string, number>();

  constructor(private readonly inner: OAuthGrantStore) {}

  insert(grant: OAuthGrant): Promise<void> {
    return this.inner.insert(grant);
  }

  find(familyId: string): Promise<OAuthGrant | undefined> {
    return this.inner.find(familyId);
  }

  listByUser(userId: string): Promise<readonly OAuthGrant[]> {
    return this.inner.listByUser(userId);
  }

  async recordUse(familyId: string, at: number, unlessSince: number): Promise<void> {
    const last = this.written.get(familyId);
    if (last !== undefined && last >= unlessSince) return;
    this.written.set(familyId, at);
    // A grant per connected client: the map stays small, but a long-lived process should not keep every one ever seen.
    if (this.written.size > 10_000) this.written.clear();
    await this.inner.recordUse(familyId, at, unlessSince);
  }
}
