import type { OptionType } from './market-data.js';

export interface PositionLeg {
  /** OCC symbol (compact form). */
  readonly symbol: string;
  readonly type: OptionType;
  readonly strike: number;
  readonly expiry: string;
  /** Long legs were bought, short legs sold. */
  readonly side: 'long' | 'short';
}

export type PositionStatus = 'opening' | 'open' | 'closing' | 'closed';

/** An iron condor opened through the service: what makes it manageable (the broker keeps no grouping of legs). */
export interface ManagedPosition {
  readonly id: string;
  readonly ownerId: string;
  readonly ticker: string;
  readonly expiry: string;
  readonly legs: readonly PositionLeg[];
  readonly qty: number;
  /** Net credit per share received at entry. */
  readonly entryCredit: number;
  readonly status: PositionStatus;
  readonly openedAt: number;
  readonly closedAt: number | null;
  /** Orders that acted on it, oldest first (entry, rolls, exit). */
  readonly orderIds: readonly string[];
}

/** Managed positions. Reads are scoped to the owner. */
export interface PositionStore {
  insert(position: ManagedPosition): Promise<void>;
  get(ownerId: string, id: string): Promise<ManagedPosition | undefined>;
  /** The owner's positions, newest first; only those not closed when `openOnly`. */
  list(ownerId: string, openOnly: boolean): Promise<readonly ManagedPosition[]>;
  /** Replaces the position (same id and owner); false when the owner has no such position. */
  update(position: ManagedPosition): Promise<boolean>;
  /** Every owner with a position that is not closed (the position monitor's round). */
  ownersWithLive(): Promise<readonly string[]>;
}
