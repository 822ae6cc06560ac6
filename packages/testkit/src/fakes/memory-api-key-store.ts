import type { ApiKey, ApiKeyStore } from '@condor/core';

/** In-memory ApiKeyStore with the same semantics as the SQL one; keys kept as JSON text, so copied in and out. */
export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly byId = new Map<string, string>();

  insert(key: ApiKey): Promise<void> {
    if (this.byId.has(key.id) || this.all().some((k) => k.digest === key.digest)) {
      return Promise.reject(new Error('An API key with this id or digest already exists'));
    }
    this.byId.set(key.id, JSON.stringify(key));
    return Promise.resolve();
  }

  findByDigest(digest: string): Promise<ApiKey | undefined> {
    return Promise.resolve(this.all().find((key) => key.digest === digest));
  }

  get(ownerId: string, id: string): Promise<ApiKey | undefined> {
    const key = this.read(id);
    return Promise.resolve(key?.ownerId === ownerId ? key : undefined);
  }

  list(ownerId: string): Promise<ApiKey[]> {
    return Promise.resolve(
      this.all()
        .filter((key) => key.ownerId === ownerId)
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)),
    );
  }

  revoke(ownerId: string, id: string, at: number): Promise<void> {
    const key = this.read(id);
    if (key?.ownerId === ownerId && key.revokedAt === null) this.byId.set(id, JSON.stringify({ ...key, revokedAt: at }));
    return Promise.resolve();
  }

  recordUse(id: string, at: number, unlessSince: number): Promise<void> {
    const key = this.read(id);
    if (key !== undefined && (key.lastUsedAt === null || key.lastUsedAt < unlessSince)) this.byId.set(id, JSON.stringify({ ...key, lastUsedAt: at }));
    return Promise.resolve();
  }

  private read(id: string): ApiKey | undefined {
    const text = this.byId.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as ApiKey);
  }

  private all(): ApiKey[] {
    return [...this.byId.keys()].flatMap((id) => this.read(id) ?? []);
  }
}
