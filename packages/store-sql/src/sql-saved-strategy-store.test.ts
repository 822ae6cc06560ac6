import type { SavedStrategy } from '@condor/core';
import { savedStrategyStoreContract } from '@condor/testkit';
import type { Insertable, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { tempSqlite } from '../test/temp-sqlite.js';
import type { Database, SavedStrategiesTable } from './schema.js';
import { SqlSavedStrategyStore } from './sql-saved-strategy-store.js';
import { SqlStrategyRunStore } from './sql-strategy-run-store.js';

const temp = tempSqlite();
const T0 = 1_767_623_400_000;
const OWNER = '6f1c2d3e-0000-4000-8000-000000000001';
const OTHER = '6f1c2d3e-0000-4000-8000-0000000000ff';

const strategy = (id: string, overrides: Partial<SavedStrategy> = {}): SavedStrategy => ({
  id,
  ownerId: OWNER,
  runId: 'run-1',
  rank: 1,
  ticker: 'SPY',
  rules: { short_delta: 0.16, dte: [30, 45] },
  metrics: { sharpe: 1.5, note: 'ünïcode' },
  savedAt: T0,
  active: false,
  ...overrides,
});

savedStrategyStoreContract('SqlSavedStrategyStore on a SQLite file', async (ownerIds) => {
  const db = await migratedWithUsers(temp, ownerIds);
  return { saved: new SqlSavedStrategyStore(db), runs: new SqlStrategyRunStore(db) };
});

/** A database with both users, each with one run (`run-1` of OWNER, `run-2` of OTHER). */
async function withRuns(): Promise<Kysely<Database>> {
  const db = await migratedWithUsers(temp, [OWNER, OTHER]);
  const runs = new SqlStrategyRunStore(db);
  for (const [id, ownerId] of [
    ['run-1', OWNER],
    ['run-2', OTHER],
  ] as const) {
    await runs.insert({ id, ownerId, createdAt: T0, ticker: 'SPY', inputs: {}, result: {}, durationMs: 1, evaluated: 1 });
  }
  return db;
}

const row = (id: string, overrides: Partial<Insertable<SavedStrategiesTable>> = {}): Insertable<SavedStrategiesTable> => ({
  id,
  owner_id: OWNER,
  run_id: 'run-1',
  rank: 1,
  ticker: 'SPY',
  rules: '{}',
  metrics: '{}',
  saved_at: T0,
  active_ticker: null,
  ...overrides,
});

describe('SqlSavedStrategyStore storage', () => {
  it('keeps the documents as JSON text and marks the active row with its ticker', async () => {
    const db = await withRuns();
    const store = new SqlSavedStrategyStore(db);
    await store.save(strategy('s1'));
    await store.save(strategy('s2', { rank: 2 }));
    await store.activate(OWNER, 's1');
    await store.activate(OWNER, 's2');
    const rows = await db.selectFrom('saved_strategies').selectAll().orderBy('id').execute();
    expect(rows).toEqual([
      row('s1', { rules: '{"short_delta":0.16,"dte":[30,45]}', metrics: '{"sharpe":1.5,"note":"ünïcode"}' }),
      row('s2', { rank: 2, rules: '{"short_delta":0.16,"dte":[30,45]}', metrics: '{"sharpe":1.5,"note":"ünïcode"}', active_ticker: 'SPY' }),
    ]);
  });

  it('lets the database itself refuse a second active row for one owner and ticker', async () => {
    const db = await withRuns();
    await db.insertInto('saved_strategies').values(row('s1', { active_ticker: 'SPY' })).execute();
    await expect(db.insertInto('saved_strategies').values(row('s2', { rank: 2, active_ticker: 'SPY' })).execute()).rejects.toThrow(/UNIQUE/);
    await db.insertInto('saved_strategies').values(row('s3', { rank: 3, ticker: 'QQQ', active_ticker: 'QQQ' })).execute();
    await db.insertInto('saved_strategies').values(row('s4', { owner_id: OTHER, run_id: 'run-2', active_ticker: 'SPY' })).execute();
  });

  it('lets the database refuse an active mark that is not the row’s own ticker', async () => {
    const db = await withRuns();
    await expect(db.insertInto('saved_strategies').values(row('s1', { active_ticker: 'QQQ' })).execute()).rejects.toThrow(/CHECK/);
  });

  it('lets the database refuse a second strategy of one owner, run and rank', async () => {
    const db = await withRuns();
    await db.insertInto('saved_strategies').values(row('s1')).execute();
    await expect(db.insertInto('saved_strategies').values(row('s2')).execute()).rejects.toThrow(/UNIQUE/);
  });

  it('refuses a strategy of an unknown owner, of an unknown run, or of another owner’s run', async () => {
    const store = new SqlSavedStrategyStore(await withRuns());
    await expect(store.save(strategy('s1', { ownerId: '6f1c2d3e-0000-4000-8000-000000000abc' }))).rejects.toThrow(/FOREIGN KEY/);
    await expect(store.save(strategy('s2', { runId: 'run-404' }))).rejects.toThrow(/FOREIGN KEY/);
    await expect(store.save(strategy('s3', { runId: 'run-2' }))).rejects.toThrow(/FOREIGN KEY/);
    expect(await store.list(OWNER)).toEqual([]);
  });

  it('keeps a run that a saved strategy comes from', async () => {
    const db = await withRuns();
    await new SqlSavedStrategyStore(db).save(strategy('s1'));
    await expect(db.deleteFrom('strategy_runs').where('id', '=', 'run-1').execute()).rejects.toThrow(/FOREIGN KEY/);
    await db.deleteFrom('strategy_runs').where('id', '=', 'run-2').execute();
  });
});
