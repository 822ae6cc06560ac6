import type { OAuthGrant, OAuthGrantStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { OAuthGrantsTable } from './oauth-schema.js';
import type { Database } from './schema.js';

const toGrant = (row: Selectable<OAuthGrantsTable>): OAuthGrant => ({
  familyId: row.family_id,
  userId: row.user_id,
  clientId: row.client_id,
  clientName: row.client_name,
  scope: row.scope,
  resource: row.resource,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** OAuthGrantStore over SQL (SQLite or PostgreSQL): one grant per session family. */
export class SqlOAuthGrantStore implements OAuthGrantStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(grant: OAuthGrant): Promise<void> {
    await this.db
      .insertInto('oauth_grants')
      .values({
        family_id: grant.familyId,
        user_id: grant.userId,
        client_id: grant.clientId,
        client_name: grant.clientName,
        scope: grant.scope,
        resource: grant.resource,
        created_at: grant.createdAt,
        last_used_at: grant.lastUsedAt,
      })
      .execute();
  }

  async find(familyId: string): Promise<OAuthGrant | undefined> {
    const row = await this.db.selectFrom('oauth_grants').selectAll().where('family_id', '=', familyId).executeTakeFirst();
    return row === undefined ? undefined : toGrant(row);
  }

  async listByUser(userId: string): Promise<readonly OAuthGrant[]> {
    const rows = await this.db.selectFrom('oauth_grants').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('family_id').execute();
    return rows.map(toGrant);
  }

  async recordUse(familyId: string, at: number, unlessSince: number): Promise<void> {
    await this.db
      .updateTable('oauth_grants')
      .set({ last_used_at: at })
      .where('family_id', '=', familyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', unlessSince)]))
      .execute();
  }
}
