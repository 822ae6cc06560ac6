import { MemoryBrokerLinkStore } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import type { BrokerLink } from '../ports/broker-link-store.js';
import { linksOfCall } from './links-of-call.js';

const link = (ownerId: string, broker: BrokerLink['broker']): BrokerLink => ({ ownerId, broker, environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: 1, updatedAt: 1 });

describe("the broker links as one call sees them", () => {
  it("answers the caller's link as the call read it, without reading again, until the call changes it", async () => {
    const store = new MemoryBrokerLinkStore();
    await store.put(link('u1', 'alpaca'));
    await store.put(link('u2', 'sim'));
    let reads = 0;
    const counted = Object.assign(Object.create(store) as MemoryBrokerLinkStore, { get: (id: string) => ((reads += 1), store.get(id)) });
    const links = linksOfCall(counted, 'u1', await store.get('u1'));
    expect((await links.get('u1'))?.broker).toBe('alpaca');
    expect((await links.get('u1'))?.broker).toBe('alpaca');
    expect(reads).toBe(0);
    expect((await links.get('u2'))?.broker).toBe('sim');
    expect(reads).toBe(1);
    await links.put(link('u1', 'sim'));
    expect((await links.get('u1'))?.broker).toBe('sim');
    expect(reads).toBe(2);
  });

  it('reads afresh once the call disconnects or deletes the link', async () => {
    const store = new MemoryBrokerLinkStore();
    await store.put(link('u1', 'alpaca'));
    const disconnecting = linksOfCall(store, 'u1', await store.get('u1'));
    expect(await disconnecting.disconnectIfUnchanged('u1', 1, 2)).toBe(true);
    expect((await disconnecting.get('u1'))?.connectedAt).toBeNull();
    const deleting = linksOfCall(store, 'u1', await store.get('u1'));
    expect(await deleting.delete('u1')).toBe(true);
    expect(await deleting.get('u1')).toBeUndefined();
  });
});
