import type { ApprovalLink, ApprovalLinkStore } from '@condor/core';

/**
 * In-memory ApprovalLinkStore with the same semantics as the SQL one; links kept as JSON text, so copied
 * in and out. Each call completes before it yields, so `markUsed` is atomic here by construction.
 */
export class MemoryApprovalLinkStore implements ApprovalLinkStore {
  private readonly byDigest = new Map<string, string>();

  insert(link: ApprovalLink): Promise<void> {
    if (this.byDigest.has(link.digest)) return Promise.reject(new Error('An approval link with this digest already exists'));
    this.byDigest.set(link.digest, JSON.stringify(link));
    return Promise.resolve();
  }

  find(digest: string): Promise<ApprovalLink | undefined> {
    return Promise.resolve(this.read(digest));
  }

  markUsed(digest: string, at: number): Promise<boolean> {
    const link = this.read(digest);
    if (link?.usedAt !== null) return Promise.resolve(false);
    this.byDigest.set(digest, JSON.stringify({ ...link, usedAt: at }));
    return Promise.resolve(true);
  }

  private read(digest: string): ApprovalLink | undefined {
    const text = this.byDigest.get(digest);
    return text === undefined ? undefined : (JSON.parse(text) as ApprovalLink);
  }
}
