import type { RefreshTokenRecord, SessionFamily, SessionStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { RefreshTokensTable, SessionFamiliesTable } from './accounts-schema.js';

const toFamily = (row: Selectable<SessionFamiliesTable>): SessionFamily => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const toToken = (row: Selectable<RefreshTokensTable>): RefreshTokenRecord => ({
  hash: row.hash,
  familyId: row.family_id,
  userId: row.user_id,
  issuedAt: row.issued_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

/** SessionStore over SQL (SQLite or PostgreSQL); token use is one atomic compare-and-set. */
export class SqlSessionStore implements SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async createFamily(family: SessionFamily): Promise<void> {
    await this.db
      .insertInto('session_families')
      .values({ id: family.id, user_id: family.userId, created_at: family.createdAt, revoked_at: family.revokedAt })
      .execute();
  }

  async findFamily(id: string): Promise<SessionFamily | undefined> {
    const row = await this.db.selectFrom('session_families').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toFamily(row);
  }

  async revokeFamily(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('session_families')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllOf(userId: string, at: number): Promise<number> {
    const result = await this.db
      .updateTable('session_families')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async insertToken(token: RefreshTokenRecord): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        hash: token.hash,
        family_id: token.familyId,
        user_id: token.userId,
        issued_at: token.issuedAt,
        expires_at: token.expiresAt,
        used_at: token.usedAt,
      })
      .execute();
  }

  async findToken(hash: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row === undefined ? undefined : toToken(row);
  }

  async markTokenUsed(hash: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
