import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import { openPostgres } from '../src/postgres.js';
import type { Database } from '../src/schema.js';

/** Connections each test pool opens at most: files run in parallel, and some tests open five pools. */
const POOL_SIZE = 5;

/**
 * Per-test PostgreSQL schemas in the database at `url`: each fresh database is a new schema
 * `t_<random>`, whose pools are destroyed and which is dropped with everything in it after the test.
 */
export function tempPostgres(url: string): {
  freshSchema: () => Promise<string>;
  open: () => Promise<Kysely<Database>>;
  openMany: (count: number) => Promise<Kysely<Database>[]>;
} {
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  const schemas: string[] = [];
  const dbs: Kysely<Database>[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
    for (const schema of schemas.splice(0)) await admin.query(`drop schema ${schema} cascade`);
  });
  afterAll(() => admin.end());
  const freshSchema = async (): Promise<string> => {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    await admin.query(`create schema ${schema}`);
    schemas.push(schema);
    return schema;
  };
  const pool = (schema: string): Kysely<Database> => {
    const db = openPostgres(url, { schema, max: POOL_SIZE });
    dbs.push(db);
    return db;
  };
  return {
    freshSchema,
    open: async () => pool(await freshSchema()),
    /** `count` separate pools onto one fresh schema. */
    openMany: async (count) => {
      const schema = await freshSchema();
      return Array.from({ length: count }, () => pool(schema));
    },
  };
}
