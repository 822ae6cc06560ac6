import type { ApiKey, ApiKeyStore } from '@condor/core';
import { TtlCache } from './ttl-cache.js';

/**
 * An ApiKeyStore that keeps keys found by digest (what every request with a key checks) for a moment. A
 * revocation through this instance counts on its next request; one through another instance within the
 * cache's TTL. Listing and lookups by id read the shared store.
 */
export class CachedApiKeyStore implements ApiKeyStore {
  constructor(
    private readonly inner: ApiKeyStore,
    private readonly byDigest = new TtlCache<ApiKey>(),
  ) {}

  insert(key: ApiKey): Promise<void> {
    return this.inner.insert(key);
  }

  findByDigest(digest: string): Promise<ApiKey | undefined> {
    return this.byDigest.read(digest, () => this.inner.findByDigest(digest));
  }

  get(ownerId: string, id: string): Promise<ApiKey | undefined> {
    return this.inner.get(ownerId, id);
  }

  list(ownerId: string): Promise<ApiKey[]> {
    return this.inner.list(ownerId);
  }

  async revoke(ownerId: string, id: string, at: number): Promise<void> {
    this.byDigest.forgetWhere((key) => key.id === id);
    await this.inner.revoke(ownerId, id, at);
    this.byDigest.forgetWhere((key) => key.id === id);
  }

  async recordUse(id: string, at: number, unlessSince: number): Promise<void> {
    await this.inner.recordUse(id, at, unlessSince);
    // The cached copy learns of the use too, or every request after the first minute would write it again.
    this.byDigest.forgetWhere((key) => key.id === id);
  }
}
