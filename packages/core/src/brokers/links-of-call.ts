import type { BrokerLink, BrokerLinkStore } from '../ports/broker-link-store.js';

/**
 * The broker links as one call of `ownerId` sees them: the caller's link as the call first read it (`read`), until
 * the call itself changes it — so choosing the market, the broker gate and opening the broker read it once.
 */
export function linksOfCall(links: BrokerLinkStore, ownerId: string, read: BrokerLink | undefined): BrokerLinkStore {
  let known: Promise<BrokerLink | undefined> | null = Promise.resolve(read);
  const changing = (id: string): void => {
    if (id === ownerId) known = null;
  };
  return {
    get: (id) => (id === ownerId && known !== null ? known : links.get(id)),
    put: (link) => (changing(link.ownerId), links.put(link)),
    delete: (id) => (changing(id), links.delete(id)),
    disconnectIfUnchanged: (id, updatedAt, at) => (changing(id), links.disconnectIfUnchanged(id, updatedAt, at)),
    keptToken: (linkKey) => links.keptToken(linkKey),
    claimTokenRefresh: (id, linkKey, now, until) => links.claimTokenRefresh(id, linkKey, now, until),
    keepToken: (id, linkKey, token, now) => links.keepToken(id, linkKey, token, now),
    loginsBetween: (loggedInFrom, loggedInBefore, limit) => links.loginsBetween(loggedInFrom, loggedInBefore, limit),
  };
}
