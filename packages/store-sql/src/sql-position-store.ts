import type { ManagedPosition, PositionLeg, PositionStore } from '@condor/core';
import { compiledOnce, slotsNamed } from './compiled-once.js';
import type { Kysely, Selectable } from 'kysely';
import { parseJsonArray } from './json-column.js';
import type { Database } from './schema.js';
import type { PositionsTable } from './trading-schema.js';

export const toPosition = (row: Selectable<PositionsTable>): ManagedPosition => ({
  id: row.id,
  ownerId: row.owner_id,
  ticker: row.ticker,
  expiry: row.expiry,
  legs: parseJsonArray(row.legs, 'positions.legs') as unknown as readonly PositionLeg[],
  qty: row.qty,
  entryCredit: row.entry_credit,
  status: row.status,
  openedAt: row.opened_at,
  closedAt: row.closed_at,
  orderIds: parseJsonArray(row.order_ids, 'positions.order_ids') as readonly string[],
});

/** Every column but the key and the owner: what `update` replaces. */
const FIELDS = slotsNamed('ticker', 'expiry', 'legs', 'qty', 'entry_credit', 'status', 'opened_at', 'closed_at', 'order_ids');
const fields = (position: ManagedPosition): Record<keyof typeof FIELDS, string | number | null> => ({
  ticker: position.ticker,
  expiry: position.expiry,
  legs: JSON.stringify(position.legs),
  qty: position.qty,
  entry_credit: position.entryCredit,
  status: position.status,
  opened_at: position.openedAt,
  closed_at: position.closedAt,
  order_ids: JSON.stringify(position.orderIds),
});

/**
 * PositionStore over SQL (SQLite or PostgreSQL); legs and order ids are JSON text. Listing is served
 * by the (owner_id, opened_at, id) index; the owners with live positions by the partial index of positions not closed.
 */
export class SqlPositionStore implements PositionStore {
  /** What every placement runs on the order's position, built and compiled once (slots named as the columns). */
  private readonly byId;
  private readonly insertOne;
  private readonly updateOne;

  constructor(private readonly db: Kysely<Database>) {
    const key = slotsNamed('id', 'owner_id');
    this.byId = compiledOnce(db.selectFrom('positions').selectAll().where('owner_id', '=', key.owner_id).where('id', '=', key.id).compile());
    this.insertOne = compiledOnce(db.insertInto('positions').values({ ...key, ...FIELDS }).compile());
    this.updateOne = compiledOnce(db.updateTable('positions').set(FIELDS).where('owner_id', '=', key.owner_id).where('id', '=', key.id).compile());
  }

  async insert(position: ManagedPosition): Promise<void> {
    await this.db.executeQuery(this.insertOne({ id: position.id, owner_id: position.ownerId, ...fields(position) }));
  }

  async get(ownerId: string, id: string): Promise<ManagedPosition | undefined> {
    const [row] = (await this.db.executeQuery(this.byId({ owner_id: ownerId, id }))).rows;
    return row === undefined ? undefined : toPosition(row);
  }

  async list(ownerId: string, openOnly: boolean): Promise<readonly ManagedPosition[]> {
    let query = this.db.selectFrom('positions').selectAll().where('owner_id', '=', ownerId);
    if (openOnly) query = query.where('status', '!=', 'closed');
    const rows = await query.orderBy('opened_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toPosition);
  }

  async update(position: ManagedPosition): Promise<boolean> {
    const result = await this.db.executeQuery(this.updateOne({ id: position.id, owner_id: position.ownerId, ...fields(position) }));
    return result.numAffectedRows === 1n;
  }

  async ownersWithLive(): Promise<readonly string[]> {
    const rows = await this.db.selectFrom('positions').select('owner_id').distinct().where('status', '!=', 'closed').orderBy('owner_id').execute();
    return rows.map((row) => row.owner_id);
  }
}
