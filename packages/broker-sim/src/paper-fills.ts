import type { BrokerOrder } from '@condor/core';
import type { PricedLeg } from './paper-legs.js';

/** A working order at one moment, with when it expires. */
export interface WorkingAt {
  readonly order: BrokerOrder;
  readonly now: number;
  readonly expiresAt: number;
}

/** The order's legs priced as the market stood at an instant; undefined when the market cannot price them. */
export type LegsAt = (at: number) => Promise<readonly PricedLeg[] | undefined>;

/** How far a fill model has judged one working order: through which interval, and how many units had filled by then. */
export interface FillProgress {
  readonly through: number;
  readonly filled: number;
}

/**
 * What a fill model keeps of one account's working orders between calls, in this process. A cache: a process
 * without it (restarted, or another instance) comes to the same fills, at the cost of judging again.
 */
export type FillMemory = Map<string, FillProgress>;

/** Whole units of an order filled at its limit at an instant, each leg priced from the legs' market then. */
export interface PaperFill {
  readonly at: number;
  readonly units: number;
  readonly legs: readonly PricedLeg[];
}

/** How the simulated paper broker decides fills; a row of `FILL_MODELS` in sim-brokers.ts. */
export interface PaperFills {
  /** Whether the working order has anything to judge now: its legs are priced only when it does. */
  due(at: WorkingAt, memory: FillMemory): boolean;
  /** What of the working order fills now, oldest first (none: nothing); never more units in all than remain. */
  fill(at: WorkingAt, legsAt: LegsAt, memory: FillMemory): Promise<readonly PaperFill[]>;
}
