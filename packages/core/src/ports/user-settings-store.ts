import type { WalkMode } from './pricing-plan.js';

/**
 * A person's default price band (design §15), used by every proposal that does not set its own: the walk's mode and
 * how far from the mid toward the natural price the worst price lies. Null parts take the house default.
 */
export interface PricingDefaults {
  readonly mode: WalkMode | null;
  /** Dollars per share, in whole cents. */
  readonly worstFromMid: number | null;
}

export const HOUSE_PRICING: PricingDefaults = { mode: null, worstFromMid: null };

/** A person's settings. Every read and write is scoped to the user. */
export interface UserSettingsStore {
  /** The user's pricing defaults; the house's when they set none. */
  pricingDefaults(userId: string): Promise<PricingDefaults>;
  /** Replaces the user's pricing defaults. */
  setPricingDefaults(userId: string, defaults: PricingDefaults, at: number): Promise<void>;
  /** Whether the user asks for their passkey to approve paper orders too (false until they turn it on). */
  paperPasskeyApprovals(userId: string): Promise<boolean>;
  /** Turns the user's paper passkey setting on or off; their pricing defaults stay as they are. */
  setPaperPasskeyApprovals(userId: string, on: boolean, at: number): Promise<void>;
}
