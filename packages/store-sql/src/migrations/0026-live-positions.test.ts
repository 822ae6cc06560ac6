import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0026_live_positions on ${dialect.name}`, () => {
    it('indexes the owners of positions not closed, and only those, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.indexColumns('positions_live_owner_idx')).toEqual(['owner_id']);
      const definition =
        dialect.kind === 'postgres'
          ? sql<{ text: string }>`select indexdef as text from pg_indexes where schemaname = current_schema() and indexname = 'positions_live_owner_idx'`
          : sql<{ text: string }>`select sql as text from sqlite_master where type = 'index' and name = 'positions_live_owner_idx'`;
      expect((await definition.execute(db)).rows[0]?.text).toMatch(/where .*status.* (!=|<>) 'closed'/i);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0025_email_verification')).error).toBeUndefined();
      expect((await facts.indexes('positions')).map((i) => i.name)).not.toContain('positions_live_owner_idx');
      await migrateToLatest(db);
      expect((await facts.indexes('positions')).map((i) => i.name)).toContain('positions_live_owner_idx');
    });
  });
}
