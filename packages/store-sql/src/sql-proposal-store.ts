import { placementRefusal, voidedBy, voidOutcome } from '@condor/core';
import type { ApprovalRecord, ConsumeResult, LegBook, OrderLeg, Proposal, ProposalOutcome, ProposalStore, UnfinishedProposal } from '@condor/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import { compiledOnce, slot } from './compiled-once.js';
import { approvalText, parseApproval } from './approval-text.js';
import { parseJsonArray, parseJsonObject } from './json-column.js';
import type { Database } from './schema.js';
import type { ProposalsTable } from './trading-schema.js';
import { dialectOf } from './sql-dialect.js';
import { toPosition } from './sql-position-store.js';

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

/** How often a placement reads the owner's book again when a consume slipped in between, before it gives up. */
const MAX_BOOK_READS = 50;

/** The owner's count of consumed proposals: the version of the book a placement is checked against. */
async function consumedCount(db: Kysely<Database>, ownerId: string): Promise<number> {
  const row = await db.selectFrom('proposals').select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).where('owner_id', '=', ownerId).where('consumed_at', 'is not', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

// Code-unit order of ids, whatever the database's collation.
const oldestFirst = (a: Proposal, b: Proposal): number => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * ProposalStore over SQL (SQLite or PostgreSQL); legs, details, outcome and approval are JSON text, the outcome's
 * status also a column. A person's rejection is a single conditional UPDATE that sets the consume time, so the
 * database decides which of concurrent consumes wins. A placement's consume is one transaction that first
 * serializes the owner's placements (the owner's user row locked on PostgreSQL; SQLite runs one write
 * transaction at a time on its one connection), reads the owner's book, checks it (`placementRefusal`), and only
 * then sets the consume time and approval, voiding the position's other exits and rolls.
 */
export class SqlProposalStore implements ProposalStore {
  /** The statements every confirm runs, built and compiled once. */
  private readonly byId;
  private readonly consumeOnce;
  private readonly outcomeOf;
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<Database>) {
    this.postgres = dialectOf(db) === 'postgres';
    const ownerId = slot('ownerId');
    const id = slot('id');
    this.byId = compiledOnce(db.selectFrom('proposals').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).compile());
    this.consumeOnce = compiledOnce(
      db.updateTable('proposals').set({ consumed_at: slot('at'), approval: slot('approval') }).where('id', '=', id).where('owner_id', '=', ownerId).where('consumed_at', 'is', null).compile(),
    );
    this.outcomeOf = compiledOnce(
      db.updateTable('proposals').set({ outcome: slot('outcome'), outcome_status: slot('status') }).where('id', '=', id).where('consumed_at', 'is not', null).compile(),
    );
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
        outcome_status: proposal.outcome?.status ?? null,
        approval: approvalText(proposal.approval),
      })
      .execute();
  }

  async get(ownerId: string, id: string): Promise<Proposal | undefined> {
    const [row] = (await this.db.executeQuery(this.byId({ ownerId, id }))).rows;
    return row === undefined ? undefined : toProposal(row);
  }

  async consume(ownerId: string, id: string, at: number, approval: ApprovalRecord | null): Promise<ConsumeResult> {
    if (approval !== null) return this.consumeToPlace(ownerId, id, at, approval);
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

  /**
   * A placement's consume. The book is read, checked, and the proposal consumed (its position's other exits and
   * rolls voided) by one UPDATE that applies only while the owner's count of consumed proposals is the one the book
   * was read with: a consume that slipped in between changes it, and the book is read again. Only a new consume
   * can make a refused leg free or a checked one taken (anything else that changes after the read only frees
   * legs), so that count is the book's version. On PostgreSQL the owner's user row is also locked for the
   * transaction, so racing instances wait instead of retrying; SQLite runs one statement at a time.
   */
  private async consumeToPlace(ownerId: string, id: string, at: number, approval: ApprovalRecord): Promise<ConsumeResult> {
    for (let attempt = 1; attempt <= MAX_BOOK_READS; attempt++) {
      const answer = this.postgres
        ? await this.db.transaction().execute(async (trx) => {
            await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
            return this.placeOnBook(trx, ownerId, id, at, approval);
          })
        : await this.placeOnBook(this.db, ownerId, id, at, approval);
      if (answer !== 'book_changed') return answer;
    }
    throw new Error(`The book of ${ownerId} kept changing while proposal ${id} was consumed`);
  }

  private async placeOnBook(db: Kysely<Database>, ownerId: string, id: string, at: number, approval: ApprovalRecord): Promise<ConsumeResult | 'book_changed'> {
    const [row] = (await db.executeQuery(this.byId({ ownerId, id }))).rows;
    if (row === undefined) return 'not_found';
    if (row.consumed_at !== null) return 'already_consumed';
    const proposal = toProposal(row);
    const version = await consumedCount(db, ownerId);
    const book = await readBook(db, ownerId);
    const refusal = placementRefusal(proposal, book);
    if (refusal !== null) return { refused: refusal };
    const rivals =
      proposal.kind === 'entry'
        ? []
        : (await db.selectFrom('proposals').selectAll().where('owner_id', '=', ownerId).where('position_id', '=', proposal.positionId).where('consumed_at', 'is', null).execute())
            .map(toProposal)
            .filter((other) => voidedBy(proposal, other))
            .map((other) => other.id);
    const voided = voidOutcome(proposal, at);
    const result = await sql`
      update proposals set
        consumed_at = ${at},
        approval = case when id = ${id} then ${approvalText(approval)} else null end,
        outcome = case when id = ${id} then null else ${JSON.stringify(voided)} end,
        outcome_status = case when id = ${id} then null else ${voided.status} end
      where owner_id = ${ownerId} and consumed_at is null and id in (${sql.join([id, ...rivals])})
        and (select count(*) from proposals where owner_id = ${ownerId} and consumed_at is not null) = ${version}`.execute(db);
    if ((result.numAffectedRows ?? 0n) > 0n) return 'consumed';
    const [after] = (await db.executeQuery(this.byId({ ownerId, id }))).rows;
    return after === undefined ? 'not_found' : after.consumed_at !== null ? 'already_consumed' : 'book_changed';
  }

  book(ownerId: string): Promise<LegBook> {
    return readBook(this.db, ownerId);
  }

  async recordOutcome(id: string, outcome: ProposalOutcome): Promise<void> {
    const result = await this.db.executeQuery(this.outcomeOf({ id, outcome: JSON.stringify(outcome), status: outcome.status }));
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

  async listWaiting(ownerId: string, createdAfter: number): Promise<readonly Proposal[]> {
    const rows = await this.db
      .selectFrom('proposals')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('consumed_at', 'is', null)
      .where('created_at', '>', createdAfter)
      .execute();
    return rows.map(toProposal).sort((a, b) => oldestFirst(b, a));
  }

  async unfinished(): Promise<readonly UnfinishedProposal[]> {
    return this.db
      .selectFrom('proposals')
      .leftJoin('positions', (join) => join.onRef('positions.id', '=', 'proposals.position_id').onRef('positions.owner_id', '=', 'proposals.owner_id'))
      .select(['proposals.owner_id as ownerId', 'proposals.id as id'])
      .where('proposals.consumed_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('proposals.outcome_status', 'is', null),
          eb('proposals.outcome_status', '=', 'unknown'),
          eb.and([eb('proposals.outcome_status', '=', 'submitted'), eb.or([eb('positions.id', 'is', null), eb('positions.status', 'in', ['opening', 'closing'])])]),
        ]),
      )
      .orderBy('proposals.consumed_at')
      .orderBy('proposals.id')
      .execute();
  }
}

/**
 * The owner's book (`LegBook`): approved proposals whose orders may still change it (no outcome, an unknown one, or a
 * submitted roll, whose step 2 may be under way), and the positions not closed or acted on by those.
 */
async function readBook(db: Kysely<Database>, ownerId: string): Promise<LegBook> {
  const placing = (
    await db
      .selectFrom('proposals')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('consumed_at', 'is not', null)
      .where('approval', 'is not', null)
      .where((eb) => eb.or([eb('outcome_status', 'is', null), eb('outcome_status', '=', 'unknown'), eb.and([eb('outcome_status', '=', 'submitted'), eb('kind', '=', 'roll')])]))
      .execute()
  ).map(toProposal);
  const acted = [...new Set(placing.map((p) => p.positionId))];
  const positions = (
    await db
      .selectFrom('positions')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where((eb) => (acted.length === 0 ? eb('status', '!=', 'closed') : eb.or([eb('status', '!=', 'closed'), eb('id', 'in', acted)])))
      .execute()
  ).map(toPosition);
  return { positions, placing };
}
