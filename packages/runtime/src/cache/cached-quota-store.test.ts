import { MemoryQuotaStore } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { CachedQuotaStore } from './cached-quota-store.js';
import { TtlCache } from './ttl-cache.js';

const DAY = '2026-11-24';

describe('CachedQuotaStore', () => {
  it('shows its own counts at once and another instance’s within the TTL', async () => {
    const shared = new MemoryQuotaStore();
    let now = 0;
    const here = new CachedQuotaStore(shared, new TtlCache(1_000, 100, () => now));
    expect(await here.usage('u', DAY)).toEqual({});
    await here.consume('u', 'find_iron_condors', DAY, 5);
    expect(await here.usage('u', DAY)).toEqual({ find_iron_condors: 1 });
    await shared.consume('u', 'find_iron_condors', DAY, 5); // another instance
    now = 999;
    expect(await here.usage('u', DAY)).toEqual({ find_iron_condors: 1 });
    now = 1_000;
    expect(await here.usage('u', DAY)).toEqual({ find_iron_condors: 2 });
  });

  it('keeps days and users apart', async () => {
    const here = new CachedQuotaStore(new MemoryQuotaStore(), new TtlCache(60_000, 100, () => 0));
    await here.consume('u', 'create_strategy', DAY, 5);
    expect(await here.usage('u', '2026-11-25')).toEqual({});
    expect(await here.usage('v', DAY)).toEqual({});
    expect(await here.usage('u', DAY)).toEqual({ create_strategy: 1 });
  });

  it('counts exactly: N concurrent calls on a limit of Q admit Q, however the cache is read meanwhile', async () => {
    const here = new CachedQuotaStore(new MemoryQuotaStore(), new TtlCache(60_000, 100, () => 0));
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? here.consume('u', 'create_strategy', DAY, 7) : here.usage('u', DAY).then(() => null))),
    );
    expect(outcomes.filter((o) => o?.admitted === true)).toHaveLength(7);
    expect(await here.usage('u', DAY)).toEqual({ create_strategy: 7 });
  });
});
