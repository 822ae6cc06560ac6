import type { RunCursor, StrategyRun, StrategyRunStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import { parseJsonObject } from './json-column.js';
import type { Database } from './schema.js';
import type { StrategyRunsTable } from './strategy-schema.js';

const toRun = (row: Selectable<StrategyRunsTable>): StrategyRun => ({
  id: row.id,
  ownerId: row.owner_id,
  createdAt: row.created_at,
  ticker: row.ticker,
  inputs: parseJsonObject(row.inputs, 'strategy_runs.inputs'),
  result: parseJsonObject(row.result, 'strategy_runs.result'),
  durationMs: row.duration_ms,
  evaluated: row.evaluated,
});

/**
 * StrategyRunStore over SQL (SQLite or PostgreSQL); documents are JSON text. Listing is keyset
 * pagination on (created_at, id), served by the (owner_id, created_at, id) index.
 */
export class SqlStrategyRunStore implements StrategyRunStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(run: StrategyRun): Promise<void> {
    await this.db
      .insertInto('strategy_runs')
      .values({
        id: run.id,
        owner_id: run.ownerId,
        created_at: run.createdAt,
        ticker: run.ticker,
        inputs: JSON.stringify(run.inputs),
        result: JSON.stringify(run.result),
        duration_ms: run.durationMs,
        evaluated: run.evaluated,
      })
      .execute();
  }

  async get(ownerId: string, id: string): Promise<StrategyRun | undefined> {
    const row = await this.db
      .selectFrom('strategy_runs')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? undefined : toRun(row);
  }

  async latest(ownerId: string): Promise<StrategyRun | undefined> {
    const [newest] = await this.list(ownerId, 1);
    return newest;
  }

  async list(ownerId: string, limit: number, after?: RunCursor): Promise<readonly StrategyRun[]> {
    // SQLite reads a negative LIMIT as no limit at all.
    if (limit < 1) return [];
    let query = this.db.selectFrom('strategy_runs').selectAll().where('owner_id', '=', ownerId);
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toRun);
  }
}
