import type { BrokerLink, BrokerLinkStore } from '@condor/core';

/** In-memory BrokerLinkStore with the same semantics as the SQL one; links kept as JSON text, so copied in and out. */
export class MemoryBrokerLinkStore implements BrokerLinkStore {
  private readonly byOwner = new Map<string, string>();

  get(ownerId: string): Promise<BrokerLink | undefined> {
    const text = this.byOwner.get(ownerId);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as BrokerLink));
  }

  put(link: BrokerLink): Promise<void> {
    this.byOwner.set(link.ownerId, JSON.stringify(link));
    return Promise.resolve();
  }

  delete(ownerId: string): Promise<boolean> {
    return Promise.resolve(this.byOwner.delete(ownerId));
  }
}
