import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { Database } from './schema.js';
import type { SqlDialect } from './sql-dialect.js';

/** A `calls` column, `<table>.calls`, of a table that holds calls in flight. */
export type CallsColumn = { [T in keyof Database]: 'calls' extends keyof Database[T] ? `${T}.calls` : never }[keyof Database];

/**
 * SQL over a `calls` column of the row being updated (or upserted): the calls in flight, a JSON object
 * of call id to begin time, held as text. The JSON functions are what the two dialects name
 * differently; everything else about the statements is shared.
 */
export interface InFlightCallsSql {
  /** Whether a call begun less than `staleMs` before `now` is in flight. */
  anyLive(now: number, staleMs: number): RawBuilder<boolean>;
  /** The calls begun less than `staleMs` before `now`, plus `callId` begun at `now`. */
  liveWith(callId: string, now: number, staleMs: number): RawBuilder<string>;
  /** The calls with `callId`, if it is among them, now begun at `now`. */
  kept(callId: string, now: number): RawBuilder<string>;
  /** The calls but `callId`. */
  without(callId: string): RawBuilder<string>;
}

// json_group_object over no rows gives '{}'. Times are cast because better-sqlite3 binds every number
// as a REAL, which json_object would write as 1767623400000.0.
const sqlite = (calls: RawBuilder<unknown>): InFlightCallsSql => ({
  anyLive: (now, staleMs) => sql<boolean>`exists (select 1 from json_each(${calls}) as c where ${now} - c.value < ${staleMs})`,
  liveWith: (callId, now, staleMs) => sql<string>`json_patch(
    (select json_group_object(c.key, c.value) from json_each(${calls}) as c where ${now} - c.value < ${staleMs}),
    json_object(${callId}, cast(${now} as integer)))`,
  kept: (callId, now) => sql<string>`(select json_group_object(c.key, case when c.key = ${callId} then cast(${now} as integer) else c.value end) from json_each(${calls}) as c)`,
  without: (callId) => sql<string>`(select json_group_object(c.key, c.value) from json_each(${calls}) as c where c.key <> ${callId})`,
});

// jsonb_object_agg over no rows gives null. Parameters are cast because jsonb_build_object takes any type.
const postgres = (calls: RawBuilder<unknown>): InFlightCallsSql => ({
  anyLive: (now, staleMs) => sql<boolean>`exists (
    select 1 from jsonb_each_text(${calls}::jsonb) as c where cast(${now} as bigint) - c.value::bigint < cast(${staleMs} as bigint))`,
  liveWith: (callId, now, staleMs) => sql<string>`(
    coalesce(
      (select jsonb_object_agg(c.key, c.value::bigint) from jsonb_each_text(${calls}::jsonb) as c
        where cast(${now} as bigint) - c.value::bigint < cast(${staleMs} as bigint)),
      '{}'::jsonb
    ) || jsonb_build_object(cast(${callId} as text), cast(${now} as bigint)))::text`,
  kept: (callId, now) => sql<string>`(case when jsonb_exists(${calls}::jsonb, cast(${callId} as text))
    then ${calls}::jsonb || jsonb_build_object(cast(${callId} as text), cast(${now} as bigint))
    else ${calls}::jsonb end)::text`,
  without: (callId) => sql<string>`(${calls}::jsonb - cast(${callId} as text))::text`,
});

/**
 * The in-flight call expressions of `dialect` over `column` (qualified, so that it names the existing
 * row in an upsert's DO UPDATE). The default serves the MCP session store.
 */
export function inFlightCallsSql(dialect: SqlDialect, column: CallsColumn): InFlightCallsSql {
  const calls = sql.ref(column);
  return dialect === 'sqlite' ? sqlite(calls) : postgres(calls);
}
