import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.js';
import { SqlUserStore } from '../src/sql-user-store.js';

async function insertUsers(db: Kysely<Database>, userIds: readonly string[]): Promise<void> {
  const users = new SqlUserStore(db);
  for (const id of userIds) {
    await users.insert({ id, email: `${id}@example.com`, passwordHash: `hash-of-${id}`, createdAt: 1_767_623_400_000 });
  }
}

/** A fresh migrated database holding a user for each of `userIds`, for suites with more than one owner. */
export async function migratedWithUsers(temp: { migrated(): Promise<Kysely<Database>> }, userIds: readonly string[]): Promise<Kysely<Database>> {
  const db = await temp.migrated();
  await insertUsers(db, userIds);
  return db;
}

/** `count` connections (SQLite) or pools (PostgreSQL) onto one fresh migrated database holding a user for each of `userIds`. */
export async function migratedManyWithUsers(
  temp: { migratedMany(count: number): Promise<Kysely<Database>[]> },
  count: number,
  userIds: readonly string[],
): Promise<Kysely<Database>[]> {
  const dbs = await temp.migratedMany(count);
  const [first] = dbs;
  if (first !== undefined) await insertUsers(first, userIds);
  return dbs;
}
