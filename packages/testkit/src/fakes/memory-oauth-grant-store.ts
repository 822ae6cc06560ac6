import type { OAuthGrant, OAuthGrantStore } from '@condor/core';

/** In-memory OAuthGrantStore with the SQL one's semantics: grants in insertion order, copies in and out. */
export class MemoryOAuthGrantStore implements OAuthGrantStore {
  private readonly byFamily = new Map<string, string>();

  insert(grant: OAuthGrant): Promise<void> {
    if (this.byFamily.has(grant.familyId)) return Promise.reject(new Error('A grant of this session family already exists'));
    this.byFamily.set(grant.familyId, JSON.stringify(grant));
    return Promise.resolve();
  }

  find(familyId: string): Promise<OAuthGrant | undefined> {
    const text = this.byFamily.get(familyId);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as OAuthGrant));
  }

  recordUse(familyId: string, at: number, unlessSince: number): Promise<void> {
    const text = this.byFamily.get(familyId);
    if (text === undefined) return Promise.resolve();
    const grant = JSON.parse(text) as OAuthGrant;
    if (grant.lastUsedAt === null || grant.lastUsedAt < unlessSince) this.byFamily.set(familyId, JSON.stringify({ ...grant, lastUsedAt: at }));
    return Promise.resolve();
  }

  listByUser(userId: string): Promise<readonly OAuthGrant[]> {
    const grants = [...this.byFamily.values()].map((text) => JSON.parse(text) as OAuthGrant).filter((grant) => grant.userId === userId);
    return Promise.resolve(grants.sort((a, b) => a.createdAt - b.createdAt || a.familyId.localeCompare(b.familyId)));
  }
}
