import type { NewsPreferenceStore, StoredPreferences } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const OWNER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';

/**
 * What every NewsPreferenceStore adapter must keep (design §18): each person's choice back as they made it, the latest
 * replacing the one before. `make` returns a fresh store in which the users with `ownerIds` exist.
 */
export function newsPreferenceStoreContract(adapter: string, make: (ownerIds: readonly string[]) => Promise<NewsPreferenceStore>): void {
  const fresh = () => make([OWNER, OTHER]);

  describe(`NewsPreferenceStore contract: ${adapter}`, () => {
    it('has nothing for a person who never chose', async () => {
      const store = await fresh();
      expect(await store.get(OWNER)).toBeUndefined();
    });

    it('gives a person’s choice back as made, kinds and channels left out staying out', async () => {
      const store = await fresh();
      const chosen: StoredPreferences = { proposal_waiting: { push: false }, order_ended: { push: true, mail: true }, link_failed: {} };
      await store.set(OWNER, chosen, T0);
      expect(await store.get(OWNER)).toEqual(chosen);
      expect(await store.get(OTHER)).toBeUndefined();
    });

    it('replaces a choice with the next one, for that person only', async () => {
      const store = await fresh();
      await store.set(OWNER, { position_alert: { mail: false } }, T0);
      await store.set(OTHER, { security: { push: false } }, T0);
      await store.set(OWNER, {}, T0 + 1);
      expect(await store.get(OWNER)).toEqual({});
      await store.set(OWNER, { order_ended: { mail: true } }, T0 + 2);
      expect(await store.get(OWNER)).toEqual({ order_ended: { mail: true } });
      expect(await store.get(OTHER)).toEqual({ security: { push: false } });
    });
  });
}
