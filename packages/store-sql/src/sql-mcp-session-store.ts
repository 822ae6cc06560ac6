import type { McpSessionRecord, McpSessionStore, Sealed } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import { inFlightCallsSql } from './in-flight-calls.js';
import type { InFlightCallsSql } from './in-flight-calls.js';
import type { Database, McpSessionsTable } from './schema.js';
import { parseSealed, sealedText } from './sealed-text.js';
import { dialectOf } from './sql-dialect.js';

type RecordColumns = Pick<Selectable<McpSessionsTable>, 'id' | 'created_at' | 'last_seen_at' | 'bound_token'>;

const toRecord = (row: RecordColumns): McpSessionRecord => ({
  id: row.id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  boundToken: parseSealed(row.bound_token, 'mcp_sessions.bound_token'),
});

/**
 * McpSessionStore over SQL (SQLite or PostgreSQL): one row per session, holding its calls in flight.
 * Every method is one statement; beginCall and endCall are each a single UPDATE of the session's row,
 * so instances sharing a session queue on that row and each sees the calls the others began.
 */
export class SqlMcpSessionStore implements McpSessionStore {
  private readonly inFlight: InFlightCallsSql;

  constructor(private readonly db: Kysely<Database>) {
    this.inFlight = inFlightCallsSql(dialectOf(db));
  }

  async create(id: string, now: number): Promise<void> {
    await this.db
      .insertInto('mcp_sessions')
      .values({ id, created_at: now, last_seen_at: now, bound_token: null, batch_key: null, last_response_at: null, calls: '{}' })
      .execute();
  }

  async touch(id: string, now: number, idleTimeoutMs: number): Promise<McpSessionRecord | null> {
    const idleSince = now - idleTimeoutMs;
    const row = await this.db
      .updateTable('mcp_sessions')
      .set((eb) => ({ last_seen_at: eb.case().when('last_seen_at', '<', now).then(now).else(eb.ref('last_seen_at')).end() }))
      .where('id', '=', id)
      .where('last_seen_at', '>', idleSince)
      .returning(['id', 'created_at', 'last_seen_at', 'bound_token'])
      .executeTakeFirst();
    if (row !== undefined) return toRecord(row);
    // Unknown or idle: an idle one is ended on the way, unless another instance has just seen it.
    await this.db.deleteFrom('mcp_sessions').where('id', '=', id).where('last_seen_at', '<=', idleSince).execute();
    return null;
  }

  async bind(id: string, token: Sealed | null): Promise<boolean> {
    const result = await this.db.updateTable('mcp_sessions').set({ bound_token: sealedText(token) }).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async beginCall(id: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string> {
    const row = await this.db
      .updateTable('mcp_sessions')
      .set((eb) => ({
        // A null last_response_at makes the OR null unless a call is live: a new batch, as wanted.
        batch_key: eb
          .case()
          .when(
            eb.and([
              eb('batch_key', 'is not', null),
              eb.or([this.inFlight.anyLive(now, staleMs), eb('last_response_at', '>', now - windowMs)]),
            ]),
          )
          .then(eb.ref('batch_key'))
          .else(candidate)
          .end(),
        calls: this.inFlight.liveWith(callId, now, staleMs),
      }))
      .where('id', '=', id)
      .returning('batch_key')
      .executeTakeFirst();
    return row?.batch_key ?? candidate;
  }

  async keepCall(id: string, callId: string, now: number): Promise<void> {
    await this.db
      .updateTable('mcp_sessions')
      .set({ calls: this.inFlight.kept(callId, now) })
      .where('id', '=', id)
      .execute();
  }

  async endCall(id: string, callId: string, now: number): Promise<void> {
    await this.db
      .updateTable('mcp_sessions')
      .set((eb) => ({
        calls: this.inFlight.without(callId),
        last_response_at: eb
          .case()
          .when(eb.or([eb('last_response_at', 'is', null), eb('last_response_at', '<', now)]))
          .then(now)
          .else(eb.ref('last_response_at'))
          .end(),
      }))
      .where('id', '=', id)
      .execute();
  }

  async end(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('mcp_sessions').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  async endIdle(before: number): Promise<number> {
    const result = await this.db.deleteFrom('mcp_sessions').where('last_seen_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
