import type { ApprovalRecord, OrderLeg, Proposal, ProposalOutcome, ProposalStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import { compiledOnce, slot } from './compiled-once.js';
import { approvalText, parseApproval } from './approval-text.js';
import { parseJsonArray } from './json-array.js';
import { parseJsonObject } from './json-text.js';
import type { Database, ProposalsTable } from './schema.js';

const toProposal = (row: Selectable<ProposalsTable>): Proposal => ({
  id: row.id,
  ownerId: row.owner_id,
  kind: row.kind,
  batchKey: row.batch_key,
  createdAt: row.created_at,
  ticker: row.ticker,
  qty: row.qty,
  legs: parseJsonArray(row.legs, 'proposals.legs') as unknown as readonly OrderLeg[],
  limitPrice: row.limit_price,
  maxLoss: row.max_loss,
  summary: row.summary,
  positionId: row.position_id,
  details: parseJsonObject(row.details, 'proposals.details'),
  consumedAt: row.consumed_at,
  approval: parseApproval(row.approval, 'proposals.approval'),
  outcome: row.outcome === null ? null : (parseJsonObject(row.outcome, 'proposals.outcome') as unknown as ProposalOutcome),
});

// Code-unit order of ids, whatever the database's collation.
const oldestFirst = (a: Proposal, b: Proposal): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * ProposalStore over SQL (SQLite or PostgreSQL); legs, details, outcome and approval are JSON text.
 * `consume` is a single conditional UPDATE that sets the consume time and the approval together, so the
 * database decides which of concurrent consumes wins, and only the winner's approval is written.
 */
export class SqlProposalStore implements ProposalStore {
  /** The statements every confirm runs, built and compiled once. */
  private readonly byId;
  private readonly consumeOnce;
  private readonly outcomeOf;

  constructor(private readonly db: Kysely<Database>) {
    const ownerId = slot('ownerId');
    const id = slot('id');
    this.byId = compiledOnce(db.selectFrom('proposals').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).compile());
    this.consumeOnce = compiledOnce(
      db.updateTable('proposals').set({ consumed_at: slot('at'), approval: slot('approval') }).where('id', '=', id).where('owner_id', '=', ownerId).where('consumed_at', 'is', null).compile(),
    );
    this.outcomeOf = compiledOnce(db.updateTable('proposals').set({ outcome: slot('outcome') }).where('id', '=', id).where('consumed_at', 'is not', null).compile());
  }

  async insert(proposal: Proposal): Promise<void> {
    await this.db
      .insertInto('proposals')
      .values({
        id: proposal.id,
        owner_id: proposal.ownerId,
        kind: proposal.kind,
        batch_key: proposal.batchKey,
        created_at: proposal.createdAt,
        ticker: proposal.ticker,
        qty: proposal.qty,
        legs: JSON.stringify(proposal.legs),
        limit_price: proposal.limitPrice,
        max_loss: proposal.maxLoss,
        summary: proposal.summary,
        position_id: proposal.positionId,
        details: JSON.stringify(proposal.details),
        consumed_at: proposal.consumedAt,
        outcome: proposal.outcome === null ? null : JSON.stringify(proposal.outcome),
        approval: approvalText(proposal.approval),
      })
      .execute();
  }

  async get(ownerId: string, id: string): Promise<Proposal | undefined> {
    const [row] = (await this.db.executeQuery(this.byId({ ownerId, id }))).rows;
    return row === undefined ? undefined : toProposal(row);
  }

  async consume(ownerId: string, id: string, at: number, approval: ApprovalRecord | null): Promise<'consumed' | 'already_consumed' | 'not_found'> {
    const result = await this.db.executeQuery(this.consumeOnce({ ownerId, id, at, approval: approvalText(approval) }));
    if (result.numAffectedRows === 1n) return 'consumed';
    // Nothing updated: it is consumed already (consumed_at is never cleared) or not the owner's.
    const existing = await this.db
      .selectFrom('proposals')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return existing === undefined ? 'not_found' : 'already_consumed';
  }

  async recordOutcome(id: string, outcome: ProposalOutcome): Promise<void> {
    const result = await this.db.executeQuery(this.outcomeOf({ id, outcome: JSON.stringify(outcome) }));
    if (result.numAffectedRows !== 1n) throw new Error(`No consumed proposal ${id} to record an outcome for`);
  }

  async listForPosition(ownerId: string, positionId: string): Promise<readonly Proposal[]> {
    const rows = await this.db
      .selectFrom('proposals')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('position_id', '=', positionId)
      .where('consumed_at', 'is not', null)
      .execute();
    return rows.map(toProposal).sort(oldestFirst);
  }
}
