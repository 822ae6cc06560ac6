import { sql, type Kysely, type Migration } from 'kysely';
import { SCOPE_TEXTS } from '../scope-text.js';

/** Hex SHA-256, lower case: what a key is stored as, so a raw key is refused rather than kept. */
const HEX_SHA256 = sql`length(digest) = 64 and ltrim(digest, '0123456789abcdef') = ''`;

/**
 * API keys (design §13): by the digest of the key only, owned by a user, with their scopes (one of the seven
 * non-empty sets, written in one order) and the key that created them, if one did.
 */
export const apiKeysMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('digest', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.references('api_keys.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addCheckConstraint('api_keys_digest_check', HEX_SHA256)
      .addCheckConstraint('api_keys_scopes_check', sql`scopes in (${sql.join(SCOPE_TEXTS.map((text) => sql.lit(text)))})`)
      .execute();
    await db.schema.createIndex('api_keys_owner_id_created_at_idx').on('api_keys').columns(['owner_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('api_keys').execute();
  },
};
