import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { migrateToLatest } from '../src/migrate.js';
import type { Database } from '../src/schema.js';
import { openSqlite } from '../src/sqlite.js';

/** Per-test SQLite files, each in its own fresh temp directory; destroyed and deleted after each test. */
export function tempSqlite(): {
  file: () => string;
  open: () => Kysely<Database>;
  openMany: (count: number) => Kysely<Database>[];
  migrated: () => Promise<Kysely<Database>>;
} {
  const dirs: string[] = [];
  const dbs: Kysely<Database>[] = [];
  afterEach(async () => {
    for (const db of dbs.splice(0)) await db.destroy();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const file = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'condor-store-sql-'));
    dirs.push(dir);
    return join(dir, 'data', 'condor.db');
  };
  const openFile = (path: string): Kysely<Database> => {
    const db = openSqlite(path);
    dbs.push(db);
    return db;
  };
  const open = (): Kysely<Database> => openFile(file());
  /** `count` separate connections onto one fresh file. */
  const openMany = (count: number): Kysely<Database>[] => {
    const path = file();
    return Array.from({ length: count }, () => openFile(path));
  };
  const migrated = async (): Promise<Kysely<Database>> => {
    const db = open();
    await migrateToLatest(db);
    return db;
  };
  return { file, open, openMany, migrated };
}
