import type { BrokerLink, BrokerLinkStore, KeptToken } from '@condor/core';

interface TokenRow {
  readonly ownerId: string;
  readonly token: KeptToken | null;
  readonly leaseUntil: number | null;
}

/** In-memory BrokerLinkStore with the same semantics as the SQL one; links kept as JSON text, so copied in and out. */
export class MemoryBrokerLinkStore implements BrokerLinkStore {
  private readonly byOwner = new Map<string, string>();
  private readonly tokens = new Map<string, TokenRow>();

  get(ownerId: string): Promise<BrokerLink | undefined> {
    const text = this.byOwner.get(ownerId);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as BrokerLink));
  }

  put(link: BrokerLink): Promise<void> {
    this.byOwner.set(link.ownerId, JSON.stringify({ ...link, accountNumber: link.accountNumber ?? null, accountKey: link.accountKey ?? null, loggedInAt: link.loggedInAt ?? null }));
    return Promise.resolve();
  }

  delete(ownerId: string): Promise<boolean> {
    for (const [key, row] of this.tokens) if (row.ownerId === ownerId) this.tokens.delete(key);
    return Promise.resolve(this.byOwner.delete(ownerId));
  }

  disconnectIfUnchanged(ownerId: string, updatedAt: number, at: number): Promise<boolean> {
    const text = this.byOwner.get(ownerId);
    const link = text === undefined ? undefined : (JSON.parse(text) as BrokerLink);
    if (link?.updatedAt !== updatedAt) return Promise.resolve(false);
    this.byOwner.set(ownerId, JSON.stringify({ ...link, connectedAt: null, updatedAt: at }));
    return Promise.resolve(true);
  }

  keptToken(linkKey: string): Promise<KeptToken | undefined> {
    const token = this.tokens.get(linkKey)?.token ?? undefined;
    return Promise.resolve(token === undefined ? undefined : (JSON.parse(JSON.stringify(token)) as KeptToken));
  }

  claimTokenRefresh(ownerId: string, linkKey: string, now: number, until: number): Promise<boolean> {
    const row = this.tokens.get(linkKey);
    if (row?.leaseUntil != null && row.leaseUntil > now) return Promise.resolve(false);
    this.tokens.set(linkKey, { ownerId, token: row?.token ?? null, leaseUntil: until });
    return Promise.resolve(true);
  }

  keepToken(ownerId: string, linkKey: string, token: KeptToken): Promise<void> {
    this.tokens.set(linkKey, { ownerId, token: JSON.parse(JSON.stringify(token)) as KeptToken, leaseUntil: null });
    return Promise.resolve();
  }

  loginsBetween(loggedInFrom: number, loggedInBefore: number, limit: number): Promise<readonly BrokerLink[]> {
    const links = [...this.byOwner.values()].map((text) => JSON.parse(text) as BrokerLink);
    const ending = links.filter((link) => link.loggedInAt != null && link.loggedInAt >= loggedInFrom && link.loggedInAt < loggedInBefore);
    return Promise.resolve(ending.sort((a, b) => (a.loggedInAt ?? 0) - (b.loggedInAt ?? 0)).slice(0, limit));
  }
}
