import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.js';
import { SqlUserStore } from '../src/sql-user-store.js';

/** The contract suites' owner: stores that reference users need this user first. */
export const OWNER_ID = '6f1c2d3e-0000-4000-8000-000000000001';

/** A fresh migrated database holding the user `ownerId`. */
export async function migratedWithOwner(
  temp: { migrated(): Promise<Kysely<Database>> },
  ownerId: string = OWNER_ID,
): Promise<Kysely<Database>> {
  const db = await temp.migrated();
  await new SqlUserStore(db).insert({
    id: ownerId,
    email: 'owner@example.com',
    passwordHash: 'hash-of-owner',
    createdAt: 1_767_623_400_000,
  });
  return db;
}
