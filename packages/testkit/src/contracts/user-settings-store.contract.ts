import { HOUSE_PRICING, type UserSettingsStore } from '@condor/core';
import { describe, expect, it } from 'vitest';

const T0 = 1_767_623_400_000;
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';

/** What every UserSettingsStore adapter must keep: each person's own defaults, replaced whole, the house's until set. */
export function userSettingsStoreContract(adapter: string, make: () => Promise<UserSettingsStore>): void {
  describe(`UserSettingsStore contract: ${adapter}`, () => {
    it('answers the house defaults for a person who set none', async () => {
      const store = await make();
      expect(await store.pricingDefaults(ALICE)).toEqual(HOUSE_PRICING);
    });

    it('keeps each person’s defaults apart, and a second set replaces the first whole', async () => {
      const store = await make();
      await store.setPricingDefaults(ALICE, { mode: 'patient', worstFromMid: 0.1 }, T0);
      expect(await store.pricingDefaults(ALICE)).toEqual({ mode: 'patient', worstFromMid: 0.1 });
      expect(await store.pricingDefaults(BOB)).toEqual(HOUSE_PRICING);
      await store.setPricingDefaults(ALICE, { mode: null, worstFromMid: 0.03 }, T0 + 1);
      expect(await store.pricingDefaults(ALICE)).toEqual({ mode: null, worstFromMid: 0.03 });
      await store.setPricingDefaults(ALICE, HOUSE_PRICING, T0 + 2);
      expect(await store.pricingDefaults(ALICE)).toEqual(HOUSE_PRICING);
    });

    it('keeps each person’s paper passkey setting apart, off until turned on, and apart from their band', async () => {
      const store = await make();
      expect(await store.paperPasskeyApprovals(ALICE)).toBe(false);
      await store.setPricingDefaults(ALICE, { mode: 'fast', worstFromMid: 0.07 }, T0);
      await store.setPaperPasskeyApprovals(ALICE, true, T0 + 1);
      expect([await store.paperPasskeyApprovals(ALICE), await store.paperPasskeyApprovals(BOB)]).toEqual([true, false]);
      expect(await store.pricingDefaults(ALICE)).toEqual({ mode: 'fast', worstFromMid: 0.07 });
      await store.setPricingDefaults(ALICE, HOUSE_PRICING, T0 + 2);
      expect(await store.paperPasskeyApprovals(ALICE)).toBe(true);
      await store.setPaperPasskeyApprovals(ALICE, false, T0 + 3);
      expect(await store.paperPasskeyApprovals(ALICE)).toBe(false);
      await store.setPaperPasskeyApprovals(BOB, true, T0 + 4);
      expect(await store.pricingDefaults(BOB)).toEqual(HOUSE_PRICING);
    });
  });
}
