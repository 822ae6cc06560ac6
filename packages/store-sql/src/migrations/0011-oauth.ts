import { sql, type Kysely, type Migration } from 'kysely';

/** Hex SHA-256, lower case: codes are stored by digest only, and the table refuses a raw code. */
const HEX_SHA256 = sql`length(digest) = 64 and ltrim(digest, '0123456789abcdef') = ''`;

/**
 * OAuth 2.1 for remote MCP clients (design §13): dynamically registered clients, single-use authorization codes
 * (by digest, each with the session family its tokens will have) and the grants people made, one per session
 * family, whose refresh tokens live in `refresh_tokens` like a session's.
 */
export const oauthMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('oauth_clients')
      .addColumn('client_id', 'text', (c) => c.primaryKey())
      .addColumn('client_name', 'text')
      .addColumn('client_uri', 'text')
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('authorization_codes')
      .addColumn('digest', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) => c.notNull().references('session_families.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addCheckConstraint('authorization_codes_digest_check', HEX_SHA256)
      .execute();
    await db.schema
      .createTable('oauth_grants')
      .addColumn('family_id', 'text', (c) => c.primaryKey().references('session_families.id'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauth_grants_user_id_idx').on('oauth_grants').column('user_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('oauth_grants').execute();
    await db.schema.dropTable('authorization_codes').execute();
    await db.schema.dropTable('oauth_clients').execute();
  },
};
