import type { SingleUseLink, SingleUseLinkStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { ApprovalLinksTable } from './trading-schema.js';

const toLink = (row: Selectable<ApprovalLinksTable>): SingleUseLink => ({
  digest: row.digest,
  purpose: row.purpose,
  ownerId: row.owner_id,
  proposalId: row.proposal_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

/**
 * SingleUseLinkStore over SQL (SQLite or PostgreSQL): links by the digest of their token (the table refuses
 * anything but a hex SHA-256). A use is one conditional UPDATE, so the database picks its single winner.
 */
export class SqlSingleUseLinkStore implements SingleUseLinkStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(link: SingleUseLink): Promise<void> {
    await this.db
      .insertInto('approval_links')
      .values({
        digest: link.digest,
        purpose: link.purpose,
        owner_id: link.ownerId,
        proposal_id: link.proposalId,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        used_at: link.usedAt,
      })
      .execute();
  }

  async find(digest: string): Promise<SingleUseLink | undefined> {
    const row = await this.db.selectFrom('approval_links').selectAll().where('digest', '=', digest).executeTakeFirst();
    return row === undefined ? undefined : toLink(row);
  }

  async markUsed(digest: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('approval_links')
      .set({ used_at: at })
      .where('digest', '=', digest)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
