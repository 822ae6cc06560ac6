import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0015_working_orders on ${dialect.name}`, () => {
    it('adds the working_orders table with its claim index, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('working_orders')).toEqual(['proposal_id']);
      expect(await facts.columnTypes('working_orders')).toEqual({
        proposal_id: 'text',
        owner_id: 'text',
        status: 'text',
        next_at: 'bigint',
        started_at: 'bigint',
        lease_holder: 'text',
        lease_until: 'bigint',
        cancel_requested: 'integer',
        body: 'text',
      });
      expect((await facts.indexes('working_orders')).map((i) => i.name)).toEqual(expect.arrayContaining(['working_orders_status_next_at_idx', 'working_orders_owner_id_idx']));
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0014_retention')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('working_orders');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('working_orders');
    });
  });
}
