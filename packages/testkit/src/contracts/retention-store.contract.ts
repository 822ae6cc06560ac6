import type { RetentionStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const LEASE = 'retention';

/**
 * The lease every RetentionStore adapter must keep. `make(count)` returns `count` handles onto one fresh store
 * (separate connections or pools onto one database), as several instances see it.
 */
export function retentionStoreContract(adapter: string, make: (count: number) => Promise<readonly RetentionStore[]>): void {
  const two = async (): Promise<[RetentionStore, RetentionStore]> => {
    const [a, b] = await make(2);
    if (a === undefined || b === undefined) throw new Error('make(2) gave fewer than two handles');
    return [a, b];
  };

  describe(`RetentionStore contract: ${adapter}`, () => {
    it('gives a free lease to the first claim and refuses another holder until it ends', async () => {
      const [a, b] = await two();
      expect(await a.claimLease(LEASE, 'a', T0, T0 + 60_000)).toBe(true);
      expect(await b.claimLease(LEASE, 'b', T0 + 1, T0 + 60_001)).toBe(false);
      expect(await b.claimLease(LEASE, 'b', T0 + 59_999, T0 + 120_000)).toBe(false);
      expect(await b.claimLease(LEASE, 'b', T0 + 60_000, T0 + 120_000)).toBe(true);
      expect(await a.claimLease(LEASE, 'a', T0 + 60_001, T0 + 120_001)).toBe(false);
    });

    it('lets the holder renew its own lease', async () => {
      const [a] = await two();
      expect(await a.claimLease(LEASE, 'a', T0, T0 + 60_000)).toBe(true);
      expect(await a.claimLease(LEASE, 'a', T0 + 10, T0 + 60_010)).toBe(true);
    });

    it('keeps leases of other names apart', async () => {
      const [a, b] = await two();
      expect(await a.claimLease(LEASE, 'a', T0, T0 + 60_000)).toBe(true);
      expect(await b.claimLease('other', 'b', T0, T0 + 60_000)).toBe(true);
    });

    it('gives a lease to exactly one of holders racing for it', async () => {
      for (let round = 0; round < 5; round += 1) {
        const handles = await make(4);
        const now = T0 + round;
        const won = await Promise.all(handles.map((store, i) => store.claimLease(LEASE, `holder-${String(i)}`, now, now + 60_000)));
        expect(won.filter(Boolean)).toHaveLength(1);
      }
    });

    it('purges nothing from an empty store', async () => {
      const [a] = await two();
      expect(await a.purgeBefore('approvalLinks', T0, 100)).toBe(0);
      expect(await a.purgeBefore('sessionFamilies', T0, 100)).toBe(0);
    });
  });
}
