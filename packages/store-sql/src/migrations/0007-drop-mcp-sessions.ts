import type { Kysely, Migration } from 'kysely';
import { createMcpSessions } from './0005-mcp-sessions.js';

/**
 * MCP over HTTP keeps no sessions since the move to the 2026 protocol (both eras are served statelessly);
 * the batch rule lives in `call_batches`. Rolling back recreates the table empty.
 */
export const dropMcpSessionsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mcp_sessions').execute();
  },
  down: createMcpSessions,
};
