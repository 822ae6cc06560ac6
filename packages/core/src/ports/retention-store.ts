import type { RetentionKind } from '../retention/retention.js';

/**
 * Deletes rows that ended long enough ago, and the lease that lets one instance at a time do it
 * (several instances share one PostgreSQL; see docs/retention.md).
 */
export interface RetentionStore {
  /**
   * Takes the lease `name` for `holder` until `until` when it is free (never taken, or ended at or before `now`) or
   * already `holder`'s; false when another holder's lease is still running.
   */
  claimLease(name: string, holder: string, now: number, until: number): Promise<boolean>;
  /** Deletes up to `limit` rows of `kind` that ended before `cutoff`; returns how many went (fewer than `limit`: none left). */
  purgeBefore(kind: RetentionKind, cutoff: number, limit: number): Promise<number>;
}
