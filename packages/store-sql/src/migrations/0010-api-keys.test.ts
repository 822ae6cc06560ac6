import { describe, expect, it } from 'vitest';
import { violation } from '../../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../../test/migrated-with-owner.js';
import { schemaFacts } from '../../test/schema-facts.js';
import { testDialects } from '../../test/temp-database.js';
import { migratorFor } from '../migrate.js';

const T0 = 1_767_623_400_000;
const DIGEST = '3c9e'.repeat(16);

const row = (overrides: Record<string, unknown> = {}) => ({
  id: 'key-1',
  owner_id: OWNER_ID,
  name: 'agent',
  digest: DIGEST,
  hint: 'x9Qe',
  scopes: 'read trade',
  created_by: null,
  created_at: T0,
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  ...overrides,
});

for (const dialect of testDialects()) {
  describe(`migration 0010_api_keys on ${dialect.name}`, () => {
    it('adds api_keys: by id, digest unique, owned by a user, created by another key, listed by owner and time', async () => {
      const facts = schemaFacts(dialect.kind, await dialect.migrated());
      expect(await facts.primaryKey('api_keys')).toEqual(['id']);
      expect(await facts.uniqueConstraints('api_keys')).toEqual([['digest']]);
      expect(await facts.foreignKeys('api_keys')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ table: 'users', from: 'owner_id', to: 'id' }),
          expect.objectContaining({ table: 'api_keys', from: 'created_by', to: 'id' }),
        ]),
      );
      expect(await facts.indexColumns('api_keys_owner_id_created_at_idx')).toEqual(['owner_id', 'created_at']);
      expect(await facts.columnTypes('api_keys')).toEqual({
        id: 'text',
        owner_id: 'text',
        name: 'text',
        digest: 'text',
        hint: 'text',
        scopes: 'text',
        created_by: 'text',
        created_at: 'bigint',
        expires_at: 'bigint',
        last_used_at: 'bigint',
        revoked_at: 'bigint',
      });
    });

    it('lets the database refuse a key that is not a digest, and scopes outside the seven sets in their order', async () => {
      const db = await migratedWithOwner(dialect);
      for (const digest of ['condor_sk_thisIsARawKeyNotADigest0123456789abcdef0123456', DIGEST.toUpperCase(), DIGEST.slice(1)]) {
        await expect(db.insertInto('api_keys').values(row({ digest })).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      }
      for (const scopes of ['', 'trade read', 'admin', 'read  trade', 'read read']) {
        await expect(db.insertInto('api_keys').values(row({ scopes })).execute()).rejects.toMatchObject(violation(dialect.kind, 'check'));
      }
      for (const [i, scopes] of ['read', 'propose', 'trade', 'read propose', 'read trade', 'propose trade', 'read propose trade'].entries()) {
        await db.insertInto('api_keys').values(row({ id: `key-${String(i)}`, digest: `${DIGEST.slice(0, 63)}${String(i)}`, scopes })).execute();
      }
    });

    it('rolls back to 0009 and forward again', async () => {
      const db = await dialect.migrated();
      const facts = schemaFacts(dialect.kind, db);
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0009_human_approval')).error).toBeUndefined();
      expect(await facts.tables()).not.toContain('api_keys');
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await facts.tables()).toContain('api_keys');
    });
  });
}
