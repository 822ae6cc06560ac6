import type { BrowserSession, BrowserSessionStore } from '@condor/core';

/** In-memory BrowserSessionStore with the same semantics as the SQL one; sessions kept as JSON text, so copied in and out. */
export class MemoryBrowserSessionStore implements BrowserSessionStore {
  private readonly byDigest = new Map<string, string>();

  insert(session: BrowserSession): Promise<void> {
    if (this.byDigest.has(session.digest)) return Promise.reject(new Error('A browser session with this digest already exists'));
    this.byDigest.set(session.digest, JSON.stringify(session));
    return Promise.resolve();
  }

  find(digest: string): Promise<BrowserSession | undefined> {
    return Promise.resolve(this.read(digest));
  }

  revoke(digest: string, at: number): Promise<void> {
    const session = this.read(digest);
    if (session?.revokedAt === null) this.byDigest.set(digest, JSON.stringify({ ...session, revokedAt: at }));
    return Promise.resolve();
  }

  revokeOthers(userId: string, keep: string, at: number): Promise<number> {
    let ended = 0;
    for (const digest of this.byDigest.keys()) {
      const session = this.read(digest);
      if (session?.userId !== userId || session.revokedAt !== null || digest === keep) continue;
      this.byDigest.set(digest, JSON.stringify({ ...session, revokedAt: at }));
      ended += 1;
    }
    return Promise.resolve(ended);
  }

  private read(digest: string): BrowserSession | undefined {
    const text = this.byDigest.get(digest);
    return text === undefined ? undefined : (JSON.parse(text) as BrowserSession);
  }
}
