import type { SavedStrategy } from '@condor/core';
import { savedStrategyStoreContract } from '@condor/testkit';
import type { Insertable, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import type { TestDialect } from '../test/temp-database.js';
import { testDialects } from '../test/temp-database.js';
import type { Database } from './schema.js';
import type { SavedStrategiesTable } from './strategy-schema.js';
import { SqlSavedStrategyStore } from './sql-saved-strategy-store.js';
import { SqlStrategyRunStore } from './sql-strategy-run-store.js';
import { SqlUserStore } from './sql-user-store.js';

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

/** Inserts both users, each with one run (`run-1` of OWNER, `run-2` of OTHER). */
async function insertRuns(db: Kysely<Database>): Promise<void> {
  const users = new SqlUserStore(db);
  for (const id of [OWNER, OTHER]) await users.insert({ id, email: `${id}@example.com`, passwordHash: 'h', createdAt: T0 });
  const runs = new SqlStrategyRunStore(db);
  for (const [id, ownerId] of [
    ['run-1', OWNER],
    ['run-2', OTHER],
  ] as const) {
    await runs.insert({ id, ownerId, createdAt: T0, ticker: 'SPY', inputs: {}, result: {}, durationMs: 1, evaluated: 1 });
  }
}

/** A fresh database of `dialect` with both users and their runs. */
async function withRuns(dialect: TestDialect): Promise<Kysely<Database>> {
  const db = await dialect.migrated();
  await insertRuns(db);
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

for (const dialect of testDialects()) {
  savedStrategyStoreContract(`SqlSavedStrategyStore on ${dialect.name}`, async (ownerIds) => {
    const db = await migratedWithUsers(dialect, ownerIds);
    return { saved: new SqlSavedStrategyStore(db), runs: new SqlStrategyRunStore(db) };
  });

  describe(`SqlSavedStrategyStore storage on ${dialect.name}`, () => {
    it('keeps the documents as JSON text and marks the active row with its ticker', async () => {
      const db = await withRuns(dialect);
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
      const db = await withRuns(dialect);
      await db.insertInto('saved_strategies').values(row('s1', { active_ticker: 'SPY' })).execute();
      await expect(db.insertInto('saved_strategies').values(row('s2', { rank: 2, active_ticker: 'SPY' })).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'unique'),
      );
      await db.insertInto('saved_strategies').values(row('s3', { rank: 3, ticker: 'QQQ', active_ticker: 'QQQ' })).execute();
      await db.insertInto('saved_strategies').values(row('s4', { owner_id: OTHER, run_id: 'run-2', active_ticker: 'SPY' })).execute();
    });

    it('lets the database refuse an active mark that is not the row’s own ticker', async () => {
      const db = await withRuns(dialect);
      await expect(db.insertInto('saved_strategies').values(row('s1', { active_ticker: 'QQQ' })).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'check'),
      );
    });

    it('lets the database refuse a second strategy of one owner, run and rank', async () => {
      const db = await withRuns(dialect);
      await db.insertInto('saved_strategies').values(row('s1')).execute();
      await expect(db.insertInto('saved_strategies').values(row('s2')).execute()).rejects.toMatchObject(violation(dialect.kind, 'unique'));
    });

    it('refuses a strategy of an unknown owner, of an unknown run, or of another owner’s run', async () => {
      const store = new SqlSavedStrategyStore(await withRuns(dialect));
      await expect(store.save(strategy('s1', { ownerId: '6f1c2d3e-0000-4000-8000-000000000abc' }))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
      await expect(store.save(strategy('s2', { runId: 'run-404' }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      await expect(store.save(strategy('s3', { runId: 'run-2' }))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
      expect(await store.list(OWNER)).toEqual([]);
    });

    it('keeps a run that a saved strategy comes from', async () => {
      const db = await withRuns(dialect);
      await new SqlSavedStrategyStore(db).save(strategy('s1'));
      await expect(db.deleteFrom('strategy_runs').where('id', '=', 'run-1').execute()).rejects.toMatchObject(
        violation(dialect.kind, 'delete_restricted'),
      );
      await db.deleteFrom('strategy_runs').where('id', '=', 'run-2').execute();
    });

    // Separate SQLite connections in one process cannot interleave write transactions: the second
    // waits, blocking the event loop, for a lock the first then never gets to release.
    if (dialect.kind === 'postgres') {
      it('leaves exactly one strategy of each ticker active after activations made at once through separate pools', async () => {
        const dbs = await dialect.migratedMany(5);
        await insertRuns(dbs[0]!);
        const stores = dbs.map((db) => new SqlSavedStrategyStore(db));
        for (let rank = 1; rank <= 12; rank++) await stores[0]!.save(strategy(`s${rank}`, { rank, ticker: rank <= 8 ? 'SPY' : 'QQQ' }));
        const outcomes = await Promise.all(Array.from({ length: 48 }, (_, i) => stores[i % stores.length]!.activate(OWNER, `s${(i % 12) + 1}`)));
        for (const outcome of outcomes) expect(outcome?.active).toBe(true);
        const active = await dbs[0]!.selectFrom('saved_strategies').select('active_ticker').where('active_ticker', 'is not', null).execute();
        expect(active.map((r) => r.active_ticker).sort()).toEqual(['QQQ', 'SPY']);
      });
    }
  });
}
