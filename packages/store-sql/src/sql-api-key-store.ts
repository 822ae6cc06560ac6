import type { ApiKey, ApiKeyStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { ApiKeysTable } from './accounts-schema.js';
import { scopesOfText, scopeText } from './scope-text.js';

const toKey = (row: Selectable<ApiKeysTable>): ApiKey => ({
  id: row.id,
  ownerId: row.owner_id,
  name: row.name,
  digest: row.digest,
  hint: row.hint,
  scopes: scopesOfText(row.scopes),
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/**
 * ApiKeyStore over SQL (SQLite or PostgreSQL): keys by the digest of the key (the table refuses anything but a
 * hex SHA-256). Revoking and recording a use are single conditional UPDATEs, so concurrent requests on any
 * instance keep the first revocation and write a use at most once per interval.
 */
export class SqlApiKeyStore implements ApiKeyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(key: ApiKey): Promise<void> {
    await this.db
      .insertInto('api_keys')
      .values({
        id: key.id,
        owner_id: key.ownerId,
        name: key.name,
        digest: key.digest,
        hint: key.hint,
        scopes: scopeText(key.scopes),
        created_by: key.createdBy,
        created_at: key.createdAt,
        expires_at: key.expiresAt,
        last_used_at: key.lastUsedAt,
        revoked_at: key.revokedAt,
      })
      .execute();
  }

  async findByDigest(digest: string): Promise<ApiKey | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('digest', '=', digest).executeTakeFirst();
    return row === undefined ? undefined : toKey(row);
  }

  async get(ownerId: string, id: string): Promise<ApiKey | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toKey(row);
  }

  async list(ownerId: string): Promise<ApiKey[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(toKey);
  }

  async revoke(ownerId: string, id: string, at: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ revoked_at: at }).where('owner_id', '=', ownerId).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  async recordUse(id: string, at: number, unlessSince: number): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', unlessSince)]))
      .execute();
  }
}
