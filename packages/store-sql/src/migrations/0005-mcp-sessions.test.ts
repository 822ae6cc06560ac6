import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0005_mcp_sessions on ${dialect.name}`, () => {
    it('adds the MCP session table, keyed by session id and indexed by last sight', async () => {
      const db = await dialect.migrated();
      expect((await (await migratorFor(db)).migrateTo('0005_mcp_sessions')).error).toBeUndefined();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.tables()).toContain('mcp_sessions');
      expect(await facts.primaryKey('mcp_sessions')).toEqual(['id']);
      expect(await facts.indexes('mcp_sessions')).toEqual([{ name: 'mcp_sessions_last_seen_at_idx', unique: false }]);
      expect(await facts.indexColumns('mcp_sessions_last_seen_at_idx')).toEqual(['last_seen_at']);
      expect(await facts.columnTypes('mcp_sessions')).toEqual({
        id: 'text',
        created_at: 'bigint',
        last_seen_at: 'bigint',
        bound_token: 'text',
        batch_key: 'text',
        last_response_at: 'bigint',
        calls: 'text',
      });
    });

    it('applies after 0004 on an existing database, and rolls back to it', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const down = await (await migratorFor(db)).migrateTo('0004_trading');
      expect(down.error).toBeUndefined();
      const names = await facts.tables();
      expect(names).not.toContain('mcp_sessions');
      expect(names).toContain('positions');
      expect((await (await migratorFor(db)).migrateTo('0005_mcp_sessions')).error).toBeUndefined();
      expect(await facts.tables()).toContain('mcp_sessions');
      await migrateToLatest(db);
      expect(await facts.tables()).not.toContain('mcp_sessions');
    });
  });
}
