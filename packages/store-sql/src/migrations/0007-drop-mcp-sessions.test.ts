import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0007_drop_mcp_sessions on ${dialect.name}`, () => {
    it('drops the MCP session table (MCP over HTTP keeps no sessions), and rolls back to it', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.tables()).not.toContain('mcp_sessions');
      const down = await (await migratorFor(db)).migrateTo('0006_call_batches');
      expect(down.error).toBeUndefined();
      expect(await facts.tables()).toContain('mcp_sessions');
      expect(await facts.primaryKey('mcp_sessions')).toEqual(['id']);
      await migrateToLatest(db);
      expect(await facts.tables()).not.toContain('mcp_sessions');
      expect(await facts.tables()).toContain('call_batches');
    });
  });
}
