import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0006_call_batches on ${dialect.name}`, () => {
    it('adds the call batch table, keyed by principal and indexed by last update', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.tables()).toContain('call_batches');
      expect(await facts.primaryKey('call_batches')).toEqual(['principal']);
      expect(await facts.indexes('call_batches')).toEqual([{ name: 'call_batches_updated_at_idx', unique: false }]);
      expect(await facts.indexColumns('call_batches_updated_at_idx')).toEqual(['updated_at']);
      expect(await facts.columnTypes('call_batches')).toEqual({
        principal: 'text',
        batch_key: 'text',
        last_response_at: 'bigint',
        calls: 'text',
        updated_at: 'bigint',
      });
    });

    it('applies after 0005 on an existing database, and rolls back to it', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const down = await (await migratorFor(db)).migrateTo('0005_mcp_sessions');
      expect(down.error).toBeUndefined();
      const names = await facts.tables();
      expect(names).not.toContain('call_batches');
      expect(names).toContain('mcp_sessions');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('call_batches');
    });
  });
}
