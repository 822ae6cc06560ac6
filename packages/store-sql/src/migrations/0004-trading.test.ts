import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const TABLES = ['broker_links', 'proposals', 'positions'];

for (const dialect of testDialects()) {
  describe(`migration 0004_trading on ${dialect.name}`, () => {
    it('adds the broker link, proposal and position tables', async () => {
      const db = await dialect.migrated();
      expect(await schemaFacts(dialect.kind, db).tables()).toEqual(expect.arrayContaining(TABLES));
    });

    it('keys broker links by owner, and indexes proposals by owner and id, positions by owner and open time', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.primaryKey('broker_links')).toEqual(['owner_id']);
      expect(await facts.indexColumns('proposals_owner_id_id_idx')).toEqual(['owner_id', 'id']);
      expect(await facts.indexColumns('positions_owner_id_opened_at_id_idx')).toEqual(['owner_id', 'opened_at', 'id']);
    });

    it('stores prices as doubles', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.columnTypes('proposals')).toMatchObject({ limit_price: 'double precision', max_loss: 'double precision' });
      expect(await facts.columnTypes('positions')).toMatchObject({ entry_credit: 'double precision' });
    });

    it('refers every new table to its owner', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      for (const table of TABLES) {
        expect(await facts.foreignKeys(table)).toEqual([{ table: 'users', from: 'owner_id', to: 'id', onDelete: 'NO ACTION' }]);
      }
    });

    it('applies after 0003 on an existing database, and rolls back to it', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const down = await (await migratorFor(db)).migrateTo('0003_strategies');
      expect(down.error).toBeUndefined();
      const names = await facts.tables();
      for (const table of TABLES) expect(names).not.toContain(table);
      expect(names).toEqual(expect.arrayContaining(['strategy_runs', 'saved_strategies']));
      await migrateToLatest(db);
      expect(await facts.tables()).toEqual(expect.arrayContaining(TABLES));
    });
  });
}
