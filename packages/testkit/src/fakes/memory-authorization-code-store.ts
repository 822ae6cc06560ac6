import type { AuthorizationCode, AuthorizationCodeStore } from '@condor/core';

/** In-memory AuthorizationCodeStore with the SQL one's semantics: one winner of `markUsed`, copies in and out. */
export class MemoryAuthorizationCodeStore implements AuthorizationCodeStore {
  private readonly byDigest = new Map<string, string>();

  insert(code: AuthorizationCode): Promise<void> {
    if (this.byDigest.has(code.digest)) return Promise.reject(new Error('An authorization code with this digest already exists'));
    this.byDigest.set(code.digest, JSON.stringify(code));
    return Promise.resolve();
  }

  find(digest: string): Promise<AuthorizationCode | undefined> {
    return Promise.resolve(this.read(digest));
  }

  markUsed(digest: string, at: number): Promise<boolean> {
    const code = this.read(digest);
    if (code?.usedAt !== null) return Promise.resolve(false);
    this.byDigest.set(digest, JSON.stringify({ ...code, usedAt: at }));
    return Promise.resolve(true);
  }

  private read(digest: string): AuthorizationCode | undefined {
    const text = this.byDigest.get(digest);
    return text === undefined ? undefined : (JSON.parse(text) as AuthorizationCode);
  }
}
