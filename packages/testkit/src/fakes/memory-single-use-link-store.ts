import type { SingleUseLink, SingleUseLinkStore } from '@condor/core';

/**
 * In-memory SingleUseLinkStore with the same semantics as the SQL one; links kept as JSON text, so copied
 * in and out. Each call completes before it yields, so `markUsed` is atomic here by construction.
 */
export class MemorySingleUseLinkStore implements SingleUseLinkStore {
  private readonly byDigest = new Map<string, string>();

  insert(link: SingleUseLink): Promise<void> {
    if (this.byDigest.has(link.digest)) return Promise.reject(new Error('A single-use link with this digest already exists'));
    this.byDigest.set(link.digest, JSON.stringify(link));
    return Promise.resolve();
  }

  find(digest: string): Promise<SingleUseLink | undefined> {
    return Promise.resolve(this.read(digest));
  }

  markUsed(digest: string, at: number): Promise<boolean> {
    const link = this.read(digest);
    if (link?.usedAt !== null) return Promise.resolve(false);
    this.byDigest.set(digest, JSON.stringify({ ...link, usedAt: at }));
    return Promise.resolve(true);
  }

  private read(digest: string): SingleUseLink | undefined {
    const text = this.byDigest.get(digest);
    return text === undefined ? undefined : (JSON.parse(text) as SingleUseLink);
  }
}
