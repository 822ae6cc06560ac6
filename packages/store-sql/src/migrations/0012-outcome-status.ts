import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A consumed proposal's outcome status as a column of its own (issue 31: the reconciler and the placement check
 * select on it, where matching the outcome's JSON text depended on its key order), filled from the JSON of the
 * proposals before it; and the index the placement check reads an owner's book by.
 */
export const outcomeStatusMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('proposals')
      .addColumn('outcome_status', 'text', (c) => c.check(sql`outcome_status is null or outcome_status in ('submitted', 'rejected', 'unknown', 'void')`))
      .execute();
    const { rows } = await sql<{ id: string; outcome: string }>`select id, outcome from proposals where outcome is not null`.execute(db);
    for (const row of rows) {
      const status = (JSON.parse(row.outcome) as { status?: unknown }).status;
      if (typeof status !== 'string') throw new Error(`proposals.outcome of ${row.id} has no status`);
      await sql`update proposals set outcome_status = ${status} where id = ${row.id}`.execute(db);
    }
    await db.schema.createIndex('proposals_owner_id_outcome_status_idx').on('proposals').columns(['owner_id', 'outcome_status']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('proposals_owner_id_outcome_status_idx').execute();
    await db.schema.alterTable('proposals').dropColumn('outcome_status').execute();
  },
};
