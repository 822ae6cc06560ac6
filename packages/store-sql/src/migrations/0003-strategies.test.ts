import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0003_strategies on ${dialect.name}`, () => {
    it('adds the strategy run and saved strategy tables', async () => {
      const db = await dialect.migrated();
      expect(await schemaFacts(dialect.kind, db).tables()).toEqual(expect.arrayContaining(['strategy_runs', 'saved_strategies']));
    });

    it('indexes runs by owner and time, and makes the active mark and (owner, run, rank) unique', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.indexColumns('strategy_runs_owner_id_created_at_id_idx')).toEqual(['owner_id', 'created_at', 'id']);
      expect(await facts.indexes('saved_strategies')).toContainEqual({ name: 'saved_strategies_owner_id_active_ticker_key', unique: true });
      expect(await facts.indexColumns('saved_strategies_owner_id_active_ticker_key')).toEqual(['owner_id', 'active_ticker']);
      expect(await facts.uniqueConstraints('saved_strategies')).toEqual([['owner_id', 'run_id', 'rank']]);
      expect(await facts.uniqueConstraints('strategy_runs')).toEqual([['owner_id', 'id']]);
    });

    it('refers saved strategies to their owner and to a run of the same owner, keeping referenced runs', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      const references = await facts.foreignKeys('saved_strategies');
      expect(references).toHaveLength(3);
      expect(references).toEqual(
        expect.arrayContaining([
          { table: 'users', from: 'owner_id', to: 'id', onDelete: 'NO ACTION' },
          { table: 'strategy_runs', from: 'owner_id', to: 'owner_id', onDelete: 'RESTRICT' },
          { table: 'strategy_runs', from: 'run_id', to: 'id', onDelete: 'RESTRICT' },
        ]),
      );
    });

    it('applies after 0002 on an existing database, and rolls back to it', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const down = await (await migratorFor(db)).migrateTo('0002_onboarding_billing_limits');
      expect(down.error).toBeUndefined();
      const names = await facts.tables();
      expect(names).not.toContain('strategy_runs');
      expect(names).not.toContain('saved_strategies');
      expect(names).toContain('subscriptions');
      await migrateToLatest(db);
      expect(await facts.tables()).toEqual(expect.arrayContaining(['strategy_runs', 'saved_strategies']));
    });
  });
}
