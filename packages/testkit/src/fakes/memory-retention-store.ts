import type { RetentionKind, RetentionStore } from '@condor/core';

/**
 * RetentionStore in memory: the leases, and per kind the times at which rows ended (`add`), so a test sees what a
 * purge run deleted. Several handles made by `sharing` share one set of leases and rows, as instances share a database.
 */
export class MemoryRetentionStore implements RetentionStore {
  private constructor(
    private readonly leases: Map<string, { holder: string; until: number }>,
    private readonly rows: Map<RetentionKind, number[]>,
  ) {}

  static create(): MemoryRetentionStore {
    return new MemoryRetentionStore(new Map(), new Map());
  }

  /** Another handle onto the same leases and rows (a second instance on the same database). */
  sharing(): MemoryRetentionStore {
    return new MemoryRetentionStore(this.leases, this.rows);
  }

  /** Records a row of `kind` that ended at `endedAt`. */
  add(kind: RetentionKind, endedAt: number): void {
    this.rows.set(kind, [...this.left(kind), endedAt]);
  }

  /** The end times of the rows of `kind` still kept. */
  left(kind: RetentionKind): readonly number[] {
    return this.rows.get(kind) ?? [];
  }

  claimLease(name: string, holder: string, now: number, until: number): Promise<boolean> {
    const lease = this.leases.get(name);
    if (lease !== undefined && lease.until > now && lease.holder !== holder) return Promise.resolve(false);
    this.leases.set(name, { holder, until });
    return Promise.resolve(true);
  }

  purgeBefore(kind: RetentionKind, cutoff: number, limit: number): Promise<number> {
    const rows = this.left(kind);
    const gone = rows.filter((endedAt) => endedAt < cutoff).slice(0, limit);
    const kept = [...rows];
    for (const endedAt of gone) kept.splice(kept.indexOf(endedAt), 1);
    this.rows.set(kind, kept);
    return Promise.resolve(gone.length);
  }
}
