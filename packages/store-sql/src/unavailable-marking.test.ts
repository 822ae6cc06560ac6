import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isStoreUnavailable } from '@condor/core';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite.js';

describe('errors of an unreachable database come marked unavailable', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('marks a full disk (SQLITE_FULL), and leaves a wrong statement unmarked', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'condor-full-'));
    folders.push(folder);
    const db = openSqlite(join(folder, 'full.db'));
    await sql`create table t (x text)`.execute(db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${String(rows[0]?.page_count ?? 1)}`).execute(db);
    const full = await sql`insert into t values (${'x'.repeat(100_000)})`.execute(db).catch((error: unknown) => error);
    expect(full).toMatchObject({ code: 'SQLITE_FULL' });
    expect(isStoreUnavailable(full)).toBe(true);
    const wrong = await sql`select nope from t`.execute(db).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(Error);
    expect(isStoreUnavailable(wrong)).toBe(false);
    await db.destroy();
  });
});
