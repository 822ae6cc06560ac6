import type { OAuthStoreSetup } from '@condor/testkit';
import type { Kysely } from 'kysely';
import type { Database } from '../src/schema.js';
import { SqlSessionStore } from '../src/sql-session-store.js';
import { migratedWithUsers } from './migrated-with-users.js';

/** A fresh migrated database holding the setup's users and their session families (owned by the first user). */
export async function migratedForOAuth(temp: { migrated(): Promise<Kysely<Database>> }, setup: OAuthStoreSetup): Promise<Kysely<Database>> {
  const db = await migratedWithUsers(temp, setup.userIds);
  const sessions = new SqlSessionStore(db);
  for (const id of setup.familyIds) await sessions.createFamily({ id, userId: setup.userIds[0] ?? '', createdAt: 1_767_623_400_000, revokedAt: null });
  return db;
}
