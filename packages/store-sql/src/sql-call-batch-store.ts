import type { CallBatchStore } from '@condor/core';
import { sql, type CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely';
import { compiledOnce, slot } from './compiled-once.js';
import { inFlightCallsSql } from './in-flight-calls.js';
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
  // Every call runs beginCall and endCall: both statements are built and compiled once.
  private readonly begin: (values: Readonly<Record<string, unknown>>) => CompiledQuery<{ batch_key: string }>;
  private readonly keep: (values: Readonly<Record<string, unknown>>) => CompiledQuery;
  private readonly end: (values: Readonly<Record<string, unknown>>) => CompiledQuery;

  constructor(private readonly db: Kysely<Database>) {
    const inFlight = inFlightCallsSql(dialectOf(db), 'call_batches.calls');
    const principal = slot('principal');
    const callId = slot('callId');
    const now = slot('now');
    const staleMs = slot('staleMs');
    this.begin = compiledOnce(
      db
        .insertInto('call_batches')
        .values({ principal, batch_key: slot('candidate'), last_response_at: null, calls: slot('firstCalls'), updated_at: now })
        .onConflict((oc) =>
          oc.column('principal').doUpdateSet((eb) => ({
            // A null last_response_at makes the OR null unless a call is live: a new batch, as wanted.
            batch_key: eb
              .case()
              .when(eb.or([inFlight.anyLive(now, staleMs), eb('call_batches.last_response_at', '>', slot('windowStart'))]))
              .then(eb.ref('call_batches.batch_key'))
              .else(slot('candidate'))
              .end(),
            calls: inFlight.liveWith(callId, now, staleMs),
            updated_at: updatedAt(eb, now),
          })),
        )
        .returning('batch_key')
        .compile(),
    );
    this.keep = compiledOnce(
      db
        .updateTable('call_batches')
        .set((eb) => ({ calls: inFlight.kept(callId, now), updated_at: updatedAt(eb, now) }))
        .where('principal', '=', principal)
        .compile(),
    );
    this.end = compiledOnce(
      db
        .updateTable('call_batches')
        .set((eb) => ({
          calls: inFlight.without(callId),
          last_response_at: eb
            .case()
            .when(eb.or([eb('call_batches.last_response_at', 'is', null), eb('call_batches.last_response_at', '<', now)]))
            .then(at(now))
            .else(eb.ref('call_batches.last_response_at'))
            .end(),
          updated_at: updatedAt(eb, now),
        }))
        .where('principal', '=', principal)
        .compile(),
    );
  }

  async beginCall(principal: string, callId: string, candidate: string, now: number, windowMs: number, staleMs: number): Promise<string> {
    const firstCalls = JSON.stringify({ [callId]: now });
    const { rows } = await this.db.executeQuery(this.begin({ principal, callId, candidate, now, staleMs, firstCalls, windowStart: now - windowMs }));
    const row = rows[0];
    if (row === undefined) throw new Error('beginCall: the upsert returned no row');
    return row.batch_key;
  }

  async keepCall(principal: string, callId: string, now: number): Promise<void> {
    await this.db.executeQuery(this.keep({ principal, callId, now }));
  }

  async endCall(principal: string, callId: string, now: number): Promise<void> {
    await this.db.executeQuery(this.end({ principal, callId, now }));
  }

  async purgeIdle(before: number): Promise<number> {
    const result = await this.db.deleteFrom('call_batches').where('updated_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
