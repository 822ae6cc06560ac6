/**
 * A process that puts one placement intent and then waits to be killed: `node --conditions=@condor/source --import tsx
 * put-intent-then-hang.ts <sqlite file | postgres url schema> <owner id> <intent JSON>`. It prints `put` once the put
 * was answered, and never ends on its own, so the test kills it as a crash would (SIGKILL: no shutdown work runs).
 */
import type { PlacementIntent } from '@condor/core';
import type { Kysely } from 'kysely';
import { openPostgres } from '../src/postgres.js';
import type { Database } from '../src/schema.js';
import { SqlPlacementJournal } from '../src/sql-placement-journal.js';
import { openSqlite } from '../src/sqlite.js';

const args = process.argv.slice(2);
const [kind] = args;
const where = kind === 'postgres' ? 3 : 2;
const [ownerId, intentJson] = args.slice(where);
if (ownerId === undefined || intentJson === undefined) throw new Error('usage: <sqlite file | postgres url schema> <owner id> <intent JSON>');
const db: Kysely<Database> = kind === 'postgres' ? openPostgres(args[1] ?? '', { schema: args[2] ?? '', max: 1 }) : openSqlite(args[1] ?? '');
const intent = JSON.parse(intentJson) as PlacementIntent;
await new SqlPlacementJournal(db, { now: () => intent.sentAt }).put(ownerId, intent);
process.stdout.write('put\n');
setInterval(() => undefined, 1 << 30);
