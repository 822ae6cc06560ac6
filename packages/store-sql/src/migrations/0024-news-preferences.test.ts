import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0024_news_preferences on ${dialect.name}`, () => {
    it('adds the news_preferences table, one row per user, and rolls back', async () => {
      const db = await migratedWithOwner(dialect);
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('news_preferences')).toEqual(['owner_id']);
      expect(await facts.columnTypes('news_preferences')).toEqual({ owner_id: 'text', preferences: 'text', updated_at: 'bigint' });
      expect(await facts.foreignKeys('news_preferences')).toEqual([expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' })]);
      await expect(db.insertInto('news_preferences').values({ owner_id: 'nobody', preferences: '{}', updated_at: 1 }).execute()).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
      await db.insertInto('news_preferences').values({ owner_id: OWNER_ID, preferences: '{}', updated_at: 1 }).execute();

      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0023_push_devices')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('news_preferences');
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('news_preferences');
    });
  });
}
