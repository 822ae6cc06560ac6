import type { Kysely, Migration } from 'kysely';

/** The MCP session table of 0005, as it was: created by 0005, and again by 0007's rollback. */
export async function createMcpSessions(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('bound_token', 'text')
    .addColumn('batch_key', 'text')
    .addColumn('last_response_at', 'bigint')
    // The calls in flight, a JSON object of call id to begin time: in the session's row, so that one
    // UPDATE of the row decides a call's batch and records the call, whichever instance runs it.
    .addColumn('calls', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_sessions_last_seen_at_idx').on('mcp_sessions').column('last_seen_at').execute();
}

/** The MCP session table (dropped again by 0007). */
export const mcpSessionsMigration: Migration = {
  up: createMcpSessions,
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mcp_sessions').execute();
  },
};
