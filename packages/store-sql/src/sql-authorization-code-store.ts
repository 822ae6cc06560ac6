import type { AuthorizationCode, AuthorizationCodeStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { AuthorizationCodesTable } from './oauth-schema.js';
import type { Database } from './schema.js';

const toCode = (row: Selectable<AuthorizationCodesTable>): AuthorizationCode => ({
  digest: row.digest,
  clientId: row.client_id,
  clientName: row.client_name,
  userId: row.user_id,
  redirectUri: row.redirect_uri,
  codeChallenge: row.code_challenge,
  scope: row.scope,
  resource: row.resource,
  familyId: row.family_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

/** AuthorizationCodeStore over SQL (SQLite or PostgreSQL): codes by digest; a use is one conditional UPDATE. */
export class SqlAuthorizationCodeStore implements AuthorizationCodeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(code: AuthorizationCode): Promise<void> {
    await this.db
      .insertInto('authorization_codes')
      .values({
        digest: code.digest,
        client_id: code.clientId,
        client_name: code.clientName,
        user_id: code.userId,
        redirect_uri: code.redirectUri,
        code_challenge: code.codeChallenge,
        scope: code.scope,
        resource: code.resource,
        family_id: code.familyId,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        used_at: code.usedAt,
      })
      .execute();
  }

  async find(digest: string): Promise<AuthorizationCode | undefined> {
    const row = await this.db.selectFrom('authorization_codes').selectAll().where('digest', '=', digest).executeTakeFirst();
    return row === undefined ? undefined : toCode(row);
  }

  async markUsed(digest: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('authorization_codes')
      .set({ used_at: at })
      .where('digest', '=', digest)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
