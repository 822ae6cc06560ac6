import { describe, expect, it } from 'vitest';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migrateToLatest, migratorFor } from '../migrate.js';

const OAUTH_TABLES = ['authorization_codes', 'oauth_clients', 'oauth_grants'];

for (const dialect of testDialects()) {
  describe(`migration 0011_oauth on ${dialect.name}`, () => {
    it('adds registered clients, codes keyed by digest and grants keyed by their session family, owned by users', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.primaryKey('oauth_clients')).toEqual(['client_id']);
      expect(await facts.primaryKey('authorization_codes')).toEqual(['digest']);
      expect(await facts.primaryKey('oauth_grants')).toEqual(['family_id']);
      expect(await facts.foreignKeys('authorization_codes')).toEqual(
        expect.arrayContaining([expect.objectContaining({ table: 'users', from: 'user_id', to: 'id' }), expect.objectContaining({ table: 'session_families', from: 'family_id', to: 'id' })]),
      );
      expect(await facts.foreignKeys('oauth_grants')).toEqual(
        expect.arrayContaining([expect.objectContaining({ table: 'users', from: 'user_id', to: 'id' }), expect.objectContaining({ table: 'session_families', from: 'family_id', to: 'id' })]),
      );
      expect(await facts.indexes('oauth_grants')).toContainEqual({ name: 'oauth_grants_user_id_idx', unique: false });
      expect(await facts.columnTypes('authorization_codes')).toEqual({
        digest: 'text',
        client_id: 'text',
        client_name: 'text',
        user_id: 'text',
        redirect_uri: 'text',
        code_challenge: 'text',
        scope: 'text',
        resource: 'text',
        family_id: 'text',
        created_at: 'bigint',
        expires_at: 'bigint',
        used_at: 'bigint',
      });
    });

    it('rolls back to 0010 without its tables, and applies again', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      expect((await (await migratorFor(db)).migrateTo('0010_api_keys')).error).toBeUndefined();
      expect((await facts.tables()).filter((t) => OAUTH_TABLES.includes(t))).toEqual([]);
      await migrateToLatest(db);
      expect((await facts.tables()).filter((t) => OAUTH_TABLES.includes(t))).toEqual(OAUTH_TABLES);
    });
  });
}
