import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0008_paper_accounts on ${dialect.name}`, () => {
    it('keeps the simulated paper accounts, their orders and holdings, keyed so order ids never repeat; rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('paper_accounts')).toEqual(['owner_id']);
      expect(await facts.primaryKey('paper_orders')).toEqual(['id']);
      expect(await facts.primaryKey('paper_holdings')).toEqual(['owner_id', 'symbol']);
      expect((await facts.uniqueConstraints('paper_orders')).map((columns) => columns.join(',')).sort()).toEqual(['owner_id,client_order_id', 'owner_id,seq']);
      expect(await facts.foreignKeys('paper_accounts')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);
      for (const table of ['paper_orders', 'paper_holdings']) {
        expect(await facts.foreignKeys(table)).toEqual([expect.objectContaining({ table: 'paper_accounts', from: 'owner_id', to: 'owner_id' })]);
      }
      const down = await (await migratorFor(db)).migrateTo('0007_drop_mcp_sessions');
      expect(down.error).toBeUndefined();
      expect((await facts.tables()).filter((t) => t.startsWith('paper_'))).toEqual([]);
      await migrateToLatest(db);
      expect((await facts.tables()).filter((t) => t.startsWith('paper_'))).toEqual(['paper_accounts', 'paper_holdings', 'paper_orders']);
    });
  });
}
