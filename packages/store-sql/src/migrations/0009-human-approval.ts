import { sql, type Kysely, type Migration } from 'kysely';

/** Hex SHA-256, lower case: what a token is stored as, so a raw token is refused rather than kept. */
const HEX_SHA256 = sql`length(digest) = 64 and ltrim(digest, '0123456789abcdef') = ''`;

/**
 * Human approval (design §12): the approval kept with a consumed proposal, single-use links and browser
 * sessions, both stored by the digest of their token only. Every proposal consumed before this migration
 * was consumed by the agent's confirm_proposal as its owner, so it gets that approval (client and address
 * unknown) rather than none, which would read as a person's rejection.
 */
export const humanApprovalMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('proposals')
      .addColumn('approval', 'text', (c) => c.check(sql`approval is null or consumed_at is not null`))
      .execute();
    const { rows } = await sql<{ id: string; owner_id: string; consumed_at: number | string }>`
      select id, owner_id, consumed_at from proposals where consumed_at is not null`.execute(db);
    for (const row of rows) {
      const at = Number(row.consumed_at);
      const approval = JSON.stringify({ method: 'confirm', at, userId: row.owner_id, client: null, address: null });
      await sql`update proposals set approval = ${approval} where id = ${row.id}`.execute(db);
    }
    await db.schema
      .createIndex('proposals_owner_id_position_id_idx')
      .on('proposals')
      .columns(['owner_id', 'position_id'])
      .execute();
    await db.schema
      .createTable('approval_links')
      .addColumn('digest', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('proposal_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addCheckConstraint('approval_links_purpose_check', sql`purpose in ('approve_proposal', 'broker_keys', 'elicitation')`)
      .addCheckConstraint('approval_links_digest_check', HEX_SHA256)
      .execute();
    await db.schema
      .createTable('browser_sessions')
      .addColumn('digest', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('user_agent', 'text')
      .addCheckConstraint('browser_sessions_digest_check', HEX_SHA256)
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('browser_sessions').execute();
    await db.schema.dropTable('approval_links').execute();
    await db.schema.dropIndex('proposals_owner_id_position_id_idx').execute();
    await db.schema.alterTable('proposals').dropColumn('approval').execute();
  },
};
