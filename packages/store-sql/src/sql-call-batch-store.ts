import type { CallBatchStore } from '@condor/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { inFlightCallsSql } from './in-flight-calls.js';
import type { InFlightCallsSql } from './in-flight-calls.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql-dialect.js';

/** A time as a parameter: kysely writes a bare number given to `then` into the SQL text, and one text per call defeats the prepared-statement cache. */
const at = (now: number) => sql<number>`cast(${now} as bigint)`;

/** `updated_at` moved forward to `now`, never back (instances' clocks differ a little). */
const updatedAt = (eb: ExpressionBuilder<Database, 'call_batches'>, now: number) =>
  eb.case().when('call_batches.updated_at', '<', now).then(at(now)).else(eb.ref('call_batches.updated_at')).end();

/**
 * CallBatchStore over SQL (SQLite or PostgreSQL): one row per principal, holding its calls in flight.
 * Every method is one statement; beginCall is a single upsert of the principal's row, so instances
 * beginning calls of one principal queue on that row (or on its key, for the first call) and each sees
 * the calls the others began.
 */
export class SqlCallBatchStore implements CallBatchStore {
  private readonly inFlight: InFlightCallsSql;

  constructor(private readonly db: Kysely<Database>) {
    this.inFlight = inFlightCallsSql(dialectOf(db), 'call_batches.calls');
  }

  async beginCall(principal: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string> {
    const row = await this.db
      .insertInto('call_batches')
      .values({ principal, batch_key: candidate, last_response_at: null, calls: JSON.stringify({ [callId]: now }), updated_at: now })
      .onConflict((oc) =>
        oc.column('principal').doUpdateSet((eb) => ({
          // A null last_response_at makes the OR null unless a call is live: a new batch, as wanted.
          batch_key: eb
            .case()
            .when(eb.or([this.inFlight.anyLive(now, staleMs), eb('call_batches.last_response_at', '>', now - windowMs)]))
            .then(eb.ref('call_batches.batch_key'))
            .else(candidate)
            .end(),
          calls: this.inFlight.liveWith(callId, now, staleMs),
          updated_at: updatedAt(eb, now),
        })),
      )
      .returning('batch_key')
      .executeTakeFirstOrThrow();
    return row.batch_key;
  }

  async keepCall(principal: string, callId: string, now: number): Promise<void> {
    await this.db
      .updateTable('call_batches')
      .set((eb) => ({ calls: this.inFlight.kept(callId, now), updated_at: updatedAt(eb, now) }))
      .where('principal', '=', principal)
      .execute();
  }

  async endCall(principal: string, callId: string, now: number): Promise<void> {
    await this.db
      .updateTable('call_batches')
      .set((eb) => ({
        calls: this.inFlight.without(callId),
        last_response_at: eb
          .case()
          .when(eb.or([eb('call_batches.last_response_at', 'is', null), eb('call_batches.last_response_at', '<', now)]))
          .then(at(now))
          .else(eb.ref('call_batches.last_response_at'))
          .end(),
        updated_at: updatedAt(eb, now),
      }))
      .where('principal', '=', principal)
      .execute();
  }

  async purgeIdle(before: number): Promise<number> {
    const result = await this.db.deleteFrom('call_batches').where('updated_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
