import type { CancelRequest, WorkingOrder, WorkingOrderStore } from '@condor/core';
import { sql, type Kysely } from 'kysely';
import { parseJsonObject } from './json-column.js';
import type { Database } from './schema.js';

interface WalkRow {
  readonly body: string;
  readonly next_at: number | string;
  readonly cancel_requested: number | string;
}

const WALK_COLUMNS = ['body', 'next_at', 'cancel_requested'] as const;

/**
 * WorkingOrderStore over SQL (SQLite or PostgreSQL). The walk is JSON in `body`; a claim is one conditional UPDATE
 * of the due rows (`lease_until ≤ now`), so two instances never lease one walk at once, and a save is a
 * compare-and-set on the holder and a live lease. A person's cancel is its own column, set by one UPDATE: a save
 * keeps it and keeps the walk due.
 */
export class SqlWorkingOrderStore implements WorkingOrderStore {
  constructor(private readonly db: Kysely<Database>) {}

  async start(order: WorkingOrder): Promise<void> {
    await this.db
      .insertInto('working_orders')
      .values({
        proposal_id: order.proposalId,
        owner_id: order.ownerId,
        status: order.status,
        next_at: order.nextAt,
        started_at: order.startedAt,
        lease_holder: null,
        lease_until: 0,
        cancel_requested: order.cancelRequested ? 1 : 0,
        body: JSON.stringify(order),
      })
      .onConflict((oc) => oc.column('proposal_id').doNothing())
      .execute();
  }

  async get(ownerId: string, proposalId: string): Promise<WorkingOrder | undefined> {
    const row = await this.db.selectFrom('working_orders').select(WALK_COLUMNS).where('proposal_id', '=', proposalId).where('owner_id', '=', ownerId).executeTakeFirst();
    return row === undefined ? undefined : walkOf(row);
  }

  async listOwned(ownerId: string, which: 'working' | 'all'): Promise<readonly WorkingOrder[]> {
    let query = this.db.selectFrom('working_orders').select(WALK_COLUMNS).where('owner_id', '=', ownerId);
    if (which === 'working') query = query.where('status', '=', 'working');
    const rows = await query.orderBy('started_at', 'desc').orderBy('proposal_id', 'desc').execute();
    return rows.map(walkOf);
  }

  async claimDue(holder: string, now: number, leaseMs: number, limit: number): Promise<readonly WorkingOrder[]> {
    const db = this.db;
    const due = db
      .selectFrom('working_orders')
      .select('proposal_id')
      .where('status', '=', 'working')
      .where('next_at', '<=', now)
      .where('lease_until', '<=', now)
      .orderBy('next_at')
      .orderBy('proposal_id')
      .limit(limit);
    // The UPDATE checks the conditions again: a row another instance leased meanwhile is left out.
    const rows = await db
      .updateTable('working_orders')
      .set({ lease_holder: holder, lease_until: now + leaseMs })
      .where('proposal_id', 'in', due)
      .where('status', '=', 'working')
      .where('next_at', '<=', now)
      .where('lease_until', '<=', now)
      .returning([...WALK_COLUMNS, 'proposal_id'])
      .execute();
    return rows.sort((a, b) => a.next_at - b.next_at || (a.proposal_id < b.proposal_id ? -1 : 1)).map(walkOf);
  }

  async save(order: WorkingOrder, holder: string, now: number, release: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('working_orders')
      .set({
        status: order.status,
        next_at: sql<number>`case when cancel_requested = 1 then 0 else cast(${order.nextAt} as bigint) end`,
        started_at: order.startedAt,
        body: JSON.stringify(order),
        ...(release ? { lease_holder: null, lease_until: 0 } : {}),
      })
      .where('proposal_id', '=', order.proposalId)
      .where('lease_holder', '=', holder)
      .where('lease_until', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async finishUnclaimed(order: WorkingOrder, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('working_orders')
      .set({ status: order.status, next_at: order.nextAt, body: JSON.stringify(order) })
      .where('proposal_id', '=', order.proposalId)
      .where('status', '=', 'working')
      .where('lease_until', '<=', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async requestCancel(ownerId: string, proposalId: string): Promise<CancelRequest> {
    const result = await this.db
      .updateTable('working_orders')
      .set({ cancel_requested: 1, next_at: 0 })
      .where('proposal_id', '=', proposalId)
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'working')
      .executeTakeFirst();
    if (result.numUpdatedRows === 1n) return 'requested';
    const row = await this.db.selectFrom('working_orders').select('status').where('proposal_id', '=', proposalId).where('owner_id', '=', ownerId).executeTakeFirst();
    return row === undefined ? 'not_found' : 'ended';
  }
}

/** The walk a row holds: its body, with the columns that live outside it (the due time, a person's cancel). */
function walkOf(row: WalkRow): WorkingOrder {
  const body = parseJsonObject(row.body, 'working_orders.body') as unknown as WorkingOrder;
  return { ...body, nextAt: Number(row.next_at), cancelRequested: body.cancelRequested || Number(row.cancel_requested) === 1 };
}
