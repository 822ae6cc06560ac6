import type { CancelRequest, WorkingOrder, WorkingOrderStore } from '@condor/core';

interface Row {
  order: WorkingOrder;
  holder: string | null;
  leaseUntil: number;
}

/**
 * WorkingOrderStore in memory. Each call completes before it yields, so a claim or a save is atomic here by
 * construction; handles made by `sharing` share one set of walks, as instances share a database. Walks are copied in
 * and out through JSON, as a database would.
 */
export class MemoryWorkingOrderStore implements WorkingOrderStore {
  private constructor(private readonly rows: Map<string, Row>) {}

  static create(): MemoryWorkingOrderStore {
    return new MemoryWorkingOrderStore(new Map());
  }

  /** Another handle onto the same walks (a second instance on the same database). */
  sharing(): MemoryWorkingOrderStore {
    return new MemoryWorkingOrderStore(this.rows);
  }

  start(order: WorkingOrder): Promise<void> {
    if (!this.rows.has(order.proposalId)) this.rows.set(order.proposalId, { order: copy(order), holder: null, leaseUntil: 0 });
    return Promise.resolve();
  }

  get(ownerId: string, proposalId: string): Promise<WorkingOrder | undefined> {
    const row = this.rows.get(proposalId);
    return Promise.resolve(row === undefined || row.order.ownerId !== ownerId ? undefined : copy(row.order));
  }

  listOwned(ownerId: string, which: 'working' | 'all'): Promise<readonly WorkingOrder[]> {
    const owned = [...this.rows.values()]
      .map((row) => row.order)
      .filter((order) => order.ownerId === ownerId && (which === 'all' || order.status === 'working'))
      .sort((a, b) => b.startedAt - a.startedAt || (a.proposalId < b.proposalId ? 1 : -1));
    return Promise.resolve(owned.map(copy));
  }

  claimDue(holder: string, now: number, leaseMs: number, limit: number): Promise<readonly WorkingOrder[]> {
    const due = [...this.rows.values()]
      .filter((row) => row.order.status === 'working' && row.order.nextAt <= now && row.leaseUntil <= now)
      .sort((a, b) => a.order.nextAt - b.order.nextAt || (a.order.proposalId < b.order.proposalId ? -1 : 1))
      .slice(0, limit);
    for (const row of due) {
      row.holder = holder;
      row.leaseUntil = now + leaseMs;
    }
    return Promise.resolve(due.map((row) => copy(row.order)));
  }

  save(order: WorkingOrder, holder: string, now: number, release: boolean): Promise<boolean> {
    const row = this.rows.get(order.proposalId);
    if (row === undefined || row.holder !== holder || row.leaseUntil <= now) return Promise.resolve(false);
    // A person's cancel asked meanwhile is kept, and keeps the walk due.
    row.order = row.order.cancelRequested ? { ...copy(order), cancelRequested: true, nextAt: 0 } : copy(order);
    if (release) {
      row.holder = null;
      row.leaseUntil = 0;
    }
    return Promise.resolve(true);
  }

  finishUnclaimed(order: WorkingOrder, now: number): Promise<boolean> {
    const row = this.rows.get(order.proposalId);
    if (row === undefined || row.order.status !== 'working' || row.leaseUntil > now) return Promise.resolve(false);
    row.order = copy(order);
    return Promise.resolve(true);
  }

  requestCancel(ownerId: string, proposalId: string): Promise<CancelRequest> {
    const row = this.rows.get(proposalId);
    if (row === undefined || row.order.ownerId !== ownerId) return Promise.resolve('not_found');
    if (row.order.status !== 'working') return Promise.resolve('ended');
    row.order = { ...row.order, cancelRequested: true, nextAt: 0 };
    return Promise.resolve('requested');
  }
}

const copy = (order: WorkingOrder): WorkingOrder => JSON.parse(JSON.stringify(order)) as WorkingOrder;
