import { HOUSE_PRICING, type PricingDefaults, type UserSettingsStore } from '@condor/core';

/** UserSettingsStore in memory. */
export class MemoryUserSettingsStore implements UserSettingsStore {
  private readonly pricing = new Map<string, PricingDefaults>();

  pricingDefaults(userId: string): Promise<PricingDefaults> {
    return Promise.resolve({ ...(this.pricing.get(userId) ?? HOUSE_PRICING) });
  }

  setPricingDefaults(userId: string, defaults: PricingDefaults): Promise<void> {
    this.pricing.set(userId, { mode: defaults.mode, worstFromMid: defaults.worstFromMid });
    return Promise.resolve();
  }
}
