import { HOUSE_PRICING, type PricingDefaults, type UserSettingsStore } from '@condor/core';

/** UserSettingsStore in memory. */
export class MemoryUserSettingsStore implements UserSettingsStore {
  private readonly pricing = new Map<string, PricingDefaults>();
  private readonly paperPasskey = new Set<string>();

  pricingDefaults(userId: string): Promise<PricingDefaults> {
    return Promise.resolve({ ...(this.pricing.get(userId) ?? HOUSE_PRICING) });
  }

  setPricingDefaults(userId: string, defaults: PricingDefaults): Promise<void> {
    this.pricing.set(userId, { mode: defaults.mode, worstFromMid: defaults.worstFromMid });
    return Promise.resolve();
  }

  paperPasskeyApprovals(userId: string): Promise<boolean> {
    return Promise.resolve(this.paperPasskey.has(userId));
  }

  setPaperPasskeyApprovals(userId: string, on: boolean): Promise<void> {
    if (on) this.paperPasskey.add(userId);
    else this.paperPasskey.delete(userId);
    return Promise.resolve();
  }
}
