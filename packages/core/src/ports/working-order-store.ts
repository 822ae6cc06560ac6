import type { PricingPlan } from './pricing-plan.js';

/**
 * One limit of a working order's walk (design §15): `requested` from the moment condor decides to send it until the
 * broker's answer is read back (a replace races fills, so a crash in between is resolved by looking the step's
 * client order id up); `standing` once the broker holds it; `refused` when the broker would not take it.
 */
export interface PriceStep {
  /** Epoch ms the step was decided. */
  readonly at: number;
  readonly limitPrice: number;
  readonly clientOrderId: string;
  /** The broker's id of the step's order; null until it is known. */
  readonly orderId: string | null;
  readonly state: 'requested' | 'standing' | 'refused';
}

/**
 * How a walk stands: `working` while condor works it; else how it ended — `filled` (every contract), `partial`
 * (some whole condors filled; the rest rested until the time limit or a cancel, then was cancelled), `expired` (unfilled at the worst price after the time limit,
 * cancelled), `cancelled` (a person cancelled it), `ended` (the broker ended it: rejected, expired at the close, or
 * cancelled outside condor).
 */
export type WalkStatus = 'working' | 'filled' | 'partial' | 'expired' | 'cancelled' | 'ended';

/** A placed order condor works inside the band its person approved, one job per proposal. */
export interface WorkingOrder {
  readonly proposalId: string;
  readonly ownerId: string;
  readonly positionId: string;
  readonly plan: PricingPlan;
  /** The approved quantity: never more fills. */
  readonly qty: number;
  /** Every limit sent or being sent, the first (the proposal's own order) included. */
  readonly steps: readonly PriceStep[];
  readonly status: WalkStatus;
  readonly filledQty: number;
  /** When the walker should look at it next (epoch ms). */
  readonly nextAt: number;
  /** When the order was approved and sent (its first limit); the time limit counts from here. */
  readonly startedAt: number;
  readonly endedAt: number | null;
  /** How it ended, in words; null while working. */
  readonly detail: string | null;
  /** A person asked to cancel it (`positions(action='cancel')`); the walker cancels at its next look. */
  readonly cancelRequested: boolean;
}

/** What asking to cancel a working order came to. */
export type CancelRequest = 'requested' | 'not_found' | 'ended';

/**
 * Working orders and the lease that lets exactly one walker act on each at a time, across instances (design §15).
 * Reads are scoped to the owner.
 */
export interface WorkingOrderStore {
  /** Stores a new walk; a second start of the same proposal keeps the first. */
  start(order: WorkingOrder): Promise<void>;
  get(ownerId: string, proposalId: string): Promise<WorkingOrder | undefined>;
  /** The owner's walks, newest first; `working` only those still walking. */
  listOwned(ownerId: string, which: 'working' | 'all'): Promise<readonly WorkingOrder[]>;
  /**
   * Leases up to `limit` walks that are working and due (`nextAt` ≤ now) and not leased by anyone until after `now`,
   * to `holder` until `now + leaseMs`, in one atomic step: no walk is leased to two holders at once.
   */
  claimDue(holder: string, now: number, leaseMs: number, limit: number): Promise<readonly WorkingOrder[]>;
  /**
   * Saves the walk as `holder` sees it, if and only if `holder` still holds its lease at `now`; `release` ends the
   * lease (the walk waits for its `nextAt`). False, changing nothing, when the lease was lost.
   */
  save(order: WorkingOrder, holder: string, now: number, release: boolean): Promise<boolean>;
  /**
   * Saves a walk that ended without a walker's look (its order filled or ended the moment it was placed), if it is
   * still working and no walker holds its lease at `now`. False, changing nothing, otherwise (a walker has it).
   */
  finishUnclaimed(order: WorkingOrder, now: number): Promise<boolean>;
  /** Marks a working walk's cancel as requested and due now. */
  requestCancel(ownerId: string, proposalId: string): Promise<CancelRequest>;
}
