import type { SavedStrategy, SavedStrategyStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import { parseJsonObject } from './json-column.js';
import type { Database } from './schema.js';
import type { SavedStrategiesTable } from './strategy-schema.js';

const toSaved = (row: Selectable<SavedStrategiesTable>): SavedStrategy => ({
  id: row.id,
  ownerId: row.owner_id,
  runId: row.run_id,
  rank: row.rank,
  ticker: row.ticker,
  rules: parseJsonObject(row.rules, 'saved_strategies.rules'),
  metrics: parseJsonObject(row.metrics, 'saved_strategies.metrics'),
  savedAt: row.saved_at,
  active: row.active_ticker !== null,
});

/**
 * SavedStrategyStore over SQL (SQLite or PostgreSQL); documents are JSON text. The database enforces
 * both rules: one strategy per (owner, run, rank) by a unique constraint, and one active strategy per
 * (owner, ticker) by the unique index on (owner_id, active_ticker), which is null while inactive.
 */
export class SqlSavedStrategyStore implements SavedStrategyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async save(strategy: SavedStrategy): Promise<{ readonly strategy: SavedStrategy; readonly created: boolean }> {
    // Twice at most: the existing row may be deleted between the refused insert and the select.
    for (let attempt = 1; ; attempt++) {
      const inserted = await this.db
        .insertInto('saved_strategies')
        .values({
          id: strategy.id,
          owner_id: strategy.ownerId,
          run_id: strategy.runId,
          rank: strategy.rank,
          ticker: strategy.ticker,
          rules: JSON.stringify(strategy.rules),
          metrics: JSON.stringify(strategy.metrics),
          saved_at: strategy.savedAt,
          active_ticker: strategy.active ? strategy.ticker : null,
        })
        .onConflict((oc) => oc.columns(['owner_id', 'run_id', 'rank']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted !== undefined) return { strategy: toSaved(inserted), created: true };
      const existing = await this.db
        .selectFrom('saved_strategies')
        .selectAll()
        .where('owner_id', '=', strategy.ownerId)
        .where('run_id', '=', strategy.runId)
        .where('rank', '=', strategy.rank)
        .executeTakeFirst();
      if (existing !== undefined) return { strategy: toSaved(existing), created: false };
      if (attempt === 2) throw new Error(`Saved strategy of run ${strategy.runId} rank ${String(strategy.rank)} kept vanishing`);
    }
  }

  async get(ownerId: string, id: string): Promise<SavedStrategy | undefined> {
    const row = await this.db
      .selectFrom('saved_strategies')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toSaved(row);
  }

  async list(ownerId: string): Promise<readonly SavedStrategy[]> {
    const rows = await this.db
      .selectFrom('saved_strategies')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('saved_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toSaved);
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('saved_strategies')
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  activate(ownerId: string, id: string): Promise<SavedStrategy | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // Activations of one owner take turns: this no-op update locks the owner's users row until
      // commit, so each activation's next statement already sees the one before it. Locking the
      // strategy rows of the ticker instead deadlocks on PostgreSQL, where concurrent UPDATEs take
      // those row locks in differing orders. (SQLite runs write transactions one at a time anyway.)
      await trx
        .updateTable('users')
        .set((eb) => ({ created_at: eb.ref('created_at') }))
        .where('id', '=', ownerId)
        .execute();
      await trx
        .updateTable('saved_strategies')
        .set({ active_ticker: null })
        .where('owner_id', '=', ownerId)
        .where((eb) =>
          eb(
            'active_ticker',
            '=',
            eb.selectFrom('saved_strategies as target').select('target.ticker').where('target.owner_id', '=', ownerId).where('target.id', '=', id),
          ),
        )
        .execute();
      const row = await trx
        .updateTable('saved_strategies')
        .set((eb) => ({ active_ticker: eb.ref('ticker') }))
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : toSaved(row);
    });
  }
}
