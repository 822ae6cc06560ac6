import type { BrokerLink } from '@condor/core';
import { MemoryBrokerLinkStore } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { CachedBrokerLinkStore } from './cached-broker-link-store.js';
import { TtlCache } from './ttl-cache.js';

const link = (broker: BrokerLink['broker'], updatedAt: number): BrokerLink => ({ ownerId: 'u1', broker, environment: 'paper', apiKey: null, apiSecret: null, keyHint: null, connectedAt: updatedAt, updatedAt });

function world() {
  const inner = new MemoryBrokerLinkStore();
  let reads = 0;
  const counted = Object.assign(Object.create(inner) as MemoryBrokerLinkStore, { get: (ownerId: string) => ((reads += 1), inner.get(ownerId)) });
  const clock = { now: 0 };
  const links = new CachedBrokerLinkStore(counted, new TtlCache(1_000, 100, () => clock.now));
  return { links, clock, reads: () => reads };
}

describe('the broker links as read within the last moment', () => {
  it('reads a person’s link once a second for choosing markets, while get always reads it fresh', async () => {
    const { links, clock, reads } = world();
    await links.put(link('alpaca', 1));
    expect((await links.recent('u1'))?.broker).toBe('alpaca');
    await links.recent('u1');
    expect(reads()).toBe(1);
    await links.get('u1');
    expect(reads()).toBe(2);
    clock.now += 1_001;
    await links.recent('u1');
    expect(reads()).toBe(3);
  });

  it('forgets a link changed through this instance at once, and reads afresh for a person with no connected link', async () => {
    const { links, reads } = world();
    expect(await links.recent('u1')).toBeUndefined();
    expect(await links.recent('u1')).toBeUndefined();
    expect(reads()).toBe(2);
    await links.put(link('alpaca', 1));
    expect((await links.recent('u1'))?.broker).toBe('alpaca');
    await links.put(link('sim', 2));
    expect((await links.recent('u1'))?.broker).toBe('sim');
    expect(await links.disconnectIfUnchanged('u1', 2, 3)).toBe(true);
    expect((await links.recent('u1'))?.connectedAt).toBeNull();
    const before = reads();
    await links.recent('u1');
    expect(reads()).toBe(before + 1);
    expect(await links.delete('u1')).toBe(true);
    expect(await links.recent('u1')).toBeUndefined();
  });
});
