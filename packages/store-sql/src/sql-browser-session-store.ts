import type { BrowserSession, BrowserSessionStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { BrowserSessionsTable } from './accounts-schema.js';

const toSession = (row: Selectable<BrowserSessionsTable>): BrowserSession => ({
  digest: row.digest,
  userId: row.user_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  userAgent: row.user_agent,
});

/**
 * BrowserSessionStore over SQL (SQLite or PostgreSQL): sessions by the digest of their cookie's token (the
 * table refuses anything but a hex SHA-256). A revocation writes only a session not yet revoked.
 */
export class SqlBrowserSessionStore implements BrowserSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: BrowserSession): Promise<void> {
    await this.db
      .insertInto('browser_sessions')
      .values({
        digest: session.digest,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        revoked_at: session.revokedAt,
        user_agent: session.userAgent,
      })
      .execute();
  }

  async find(digest: string): Promise<BrowserSession | undefined> {
    const row = await this.db.selectFrom('browser_sessions').selectAll().where('digest', '=', digest).executeTakeFirst();
    return row === undefined ? undefined : toSession(row);
  }

  async revoke(digest: string, at: number): Promise<void> {
    await this.db
      .updateTable('browser_sessions')
      .set({ revoked_at: at })
      .where('digest', '=', digest)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeOthers(userId: string, keep: string, at: number): Promise<number> {
    const result = await this.db
      .updateTable('browser_sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('digest', '!=', keep)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
