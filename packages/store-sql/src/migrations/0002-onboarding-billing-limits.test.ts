import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0002_onboarding_billing_limits on ${dialect.name}`, () => {
    it('adds the onboarding, subscription and limit tables', async () => {
      const db = await dialect.migrated();
      expect(await schemaFacts(dialect.kind, db).tables()).toEqual(
        expect.arrayContaining(['document_reads', 'document_acceptances', 'subscriptions', 'quota_usage', 'rate_limit_windows']),
      );
    });

    it('makes active_user_id unique, and keys reads, acceptances and quota counts by their natural keys', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.indexes('subscriptions')).toContainEqual({ name: 'subscriptions_active_user_id_key', unique: true });
      expect(await facts.indexColumns('subscriptions_active_user_id_key')).toEqual(['active_user_id']);
      expect(await facts.primaryKey('document_reads')).toEqual(['user_id', 'document', 'version']);
      expect(await facts.primaryKey('document_acceptances')).toEqual(['user_id', 'document', 'version']);
      expect(await facts.primaryKey('quota_usage')).toEqual(['user_id', 'tool', 'day']);
      expect(await facts.primaryKey('rate_limit_windows')).toEqual(['key']);
    });

    it('applies after 0001 on an existing database, and rolls back to it', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const down = await (await migratorFor(db)).migrateTo('0001_accounts');
      expect(down.error).toBeUndefined();
      expect(await facts.tables()).toEqual(['refresh_tokens', 'session_families', 'users']);
      await migrateToLatest(db);
      expect(await facts.tables()).toContain('rate_limit_windows');
    });
  });
}
