import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

for (const dialect of testDialects()) {
  describe(`migration 0018_passkeys on ${dialect.name}`, () => {
    it('adds the passkeys and passkey_challenges tables, and rolls back', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect(await facts.primaryKey('passkeys')).toEqual(['id']);
      expect(await facts.columnTypes('passkeys')).toEqual({
        id: 'text',
        user_id: 'text',
        public_key: 'text',
        counter: 'bigint',
        transports: 'text',
        name: 'text',
        created_at: 'bigint',
        last_used_at: 'bigint',
      });
      expect(await facts.primaryKey('passkey_challenges')).toEqual(['challenge']);
      expect(await facts.columnTypes('passkey_challenges')).toEqual({ challenge: 'text', user_id: 'text', purpose: 'text', expires_at: 'bigint' });
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0017_user_settings')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('passkeys');
      expect(await facts.tables()).not.toContain('passkey_challenges');
      await migrateToLatest(db);
      expect(await facts.tables()).toEqual(expect.arrayContaining(['passkeys', 'passkey_challenges']));
    });
  });
}
