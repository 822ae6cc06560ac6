import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0014_retention on ${dialect.name}`, () => {
    it('adds the leases table and the purge indexes, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('leases')).toEqual(['name']);
      expect(await facts.columnTypes('leases')).toEqual({ name: 'text', holder: 'text', until: 'bigint' });
      for (const [table, index] of [
        ['approval_links', 'approval_links_expires_at_idx'],
        ['browser_sessions', 'browser_sessions_expires_at_idx'],
        ['authorization_codes', 'authorization_codes_expires_at_idx'],
        ['rate_limit_windows', 'rate_limit_windows_reset_at_idx'],
      ] as const) {
        expect((await facts.indexes(table)).map((i) => i.name)).toContain(index);
      }

      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0013_tastytrade')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('leases');
      expect((await facts.indexes('approval_links')).map((i) => i.name)).not.toContain('approval_links_expires_at_idx');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('leases');
    });
  });
}
