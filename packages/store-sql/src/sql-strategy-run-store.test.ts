import type { StrategyRun } from '@condor/core';
import { strategyRunStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlStrategyRunStore } from './sql-strategy-run-store.js';

const T0 = 1_767_623_400_000;

const run = (id: string, ownerId = OWNER_ID): StrategyRun => ({
  id,
  ownerId,
  createdAt: T0,
  ticker: 'SPY',
  inputs: { ticker: 'SPY', wing_widths: [5, 10], forecast_volatility: null },
  result: { top_strategies: [{ rank: 1, metrics: { sharpe: 1.5 } }], note: 'ünïcode' },
  durationMs: 1234,
  evaluated: 96,
});

for (const dialect of testDialects()) {
  strategyRunStoreContract(`SqlStrategyRunStore on ${dialect.name}`, async (ownerIds) =>
    new SqlStrategyRunStore(await migratedWithUsers(dialect, ownerIds)),
  );

  describe(`SqlStrategyRunStore storage on ${dialect.name}`, () => {
    it('keeps the documents as JSON text and the times as integers', async () => {
      const db = await migratedWithOwner(dialect);
      await new SqlStrategyRunStore(db).insert(run('r1'));
      expect(await db.selectFrom('strategy_runs').selectAll().execute()).toEqual([
        {
          id: 'r1',
          owner_id: OWNER_ID,
          created_at: T0,
          ticker: 'SPY',
          inputs: '{"ticker":"SPY","wing_widths":[5,10],"forecast_volatility":null}',
          result: '{"top_strategies":[{"rank":1,"metrics":{"sharpe":1.5}}],"note":"ünïcode"}',
          duration_ms: 1234,
          evaluated: 96,
        },
      ]);
    });

    it('refuses a run of an unknown owner', async () => {
      const store = new SqlStrategyRunStore(await migratedWithOwner(dialect));
      await expect(store.insert(run('r1', '6f1c2d3e-0000-4000-8000-0000000000ff'))).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });

    it('names the column when a stored document is not a JSON object', async () => {
      const db = await migratedWithOwner(dialect);
      await new SqlStrategyRunStore(db).insert(run('r1'));
      await db.updateTable('strategy_runs').set({ result: '[1,2]' }).execute();
      await expect(new SqlStrategyRunStore(db).get(OWNER_ID, 'r1')).rejects.toThrow('strategy_runs.result holds JSON that is not an object');
    });
  });
}
