import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The owners of positions not closed, read by every round of the position monitor (design §18): a partial index, so a
 * round reads the live positions only, however many closed ones the audit trail keeps.
 */
export const livePositionsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('positions_live_owner_idx').on('positions').column('owner_id').where(sql.ref('status'), '!=', 'closed').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('positions_live_owner_idx').execute();
  },
};
