import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0017_user_settings on ${dialect.name}`, () => {
    it('adds the user_settings table, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('user_settings')).toEqual(['user_id']);
      expect(await facts.columnTypes('user_settings')).toMatchObject({ user_id: 'text', pricing_mode: 'text', pricing_worst_cents: 'integer', updated_at: 'bigint' });
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0016_paper_replace')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('user_settings');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('user_settings');
    });
  });
}
