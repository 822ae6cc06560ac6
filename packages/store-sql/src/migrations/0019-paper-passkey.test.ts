import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';
import { SqlUserSettingsStore } from '../sql-user-settings-store.js';

const ALICE = '00000000-0000-4000-8000-0000000000a1';

for (const dialect of testDialects()) {
  describe(`migration 0019_paper_passkey on ${dialect.name}`, () => {
    it('adds user_settings.paper_passkey, off for the rows already there, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.columnTypes('user_settings')).toMatchObject({ paper_passkey: 'integer' });
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0018_passkeys')).error).toBeUndefined();
      expect(Object.keys(await facts.columnTypes('user_settings'))).not.toContain('paper_passkey');
      await db.insertInto('user_settings').values({ user_id: ALICE, pricing_mode: 'fast', pricing_worst_cents: 7, updated_at: 1 }).execute();
      await migrateToLatest(db);
      const store = new SqlUserSettingsStore(db);
      expect([await store.paperPasskeyApprovals(ALICE), (await store.pricingDefaults(ALICE)).mode]).toEqual([false, 'fast']);
    });
  });
}
