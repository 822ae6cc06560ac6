import { describe, expect, it } from 'vitest';
import { retentionStoreContract } from '../contracts/index.js';
import { MemoryRetentionStore } from './memory-retention-store.js';

retentionStoreContract('memory', (count) => {
  const first = MemoryRetentionStore.create();
  return Promise.resolve([first, ...Array.from({ length: count - 1 }, () => first.sharing())]);
});

describe('MemoryRetentionStore rows', () => {
  it('purges rows that ended before the cutoff, at most limit at a time', async () => {
    const store = MemoryRetentionStore.create();
    for (const endedAt of [1, 2, 3, 10]) store.add('approvalLinks', endedAt);
    expect(await store.purgeBefore('approvalLinks', 5, 2)).toBe(2);
    expect(await store.purgeBefore('approvalLinks', 5, 2)).toBe(1);
    expect(store.left('approvalLinks')).toEqual([10]);
  });
});
