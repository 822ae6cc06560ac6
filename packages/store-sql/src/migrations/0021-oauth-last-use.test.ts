import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0021_oauth_last_use on ${dialect.name}`, () => {
    it('adds oauth_grants.last_used_at, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.columnTypes('oauth_grants')).toMatchObject({ last_used_at: 'bigint' });
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0019_paper_passkey')).error).toBeUndefined();
      expect(Object.keys(await facts.columnTypes('oauth_grants'))).not.toContain('last_used_at');
      await migrateToLatest(db);
      expect(Object.keys(await facts.columnTypes('oauth_grants'))).toContain('last_used_at');
    });
  });
}
