import type { NewsPreferenceStore, StoredPreferences } from '@condor/core';
import type { Kysely } from 'kysely';
import { parseJsonObject } from './json-column.js';
import type { Database } from './schema.js';

/** NewsPreferenceStore over SQL (SQLite or PostgreSQL): one row per person who chose, their choice as JSON text. */
export class SqlNewsPreferenceStore implements NewsPreferenceStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(ownerId: string): Promise<StoredPreferences | undefined> {
    const row = await this.db.selectFrom('news_preferences').select('preferences').where('owner_id', '=', ownerId).executeTakeFirst();
    return row === undefined ? undefined : parseJsonObject(row.preferences, 'news_preferences.preferences');
  }

  async set(ownerId: string, preferences: StoredPreferences, at: number): Promise<void> {
    const values = { preferences: JSON.stringify(preferences), updated_at: at };
    await this.db
      .insertInto('news_preferences')
      .values({ owner_id: ownerId, ...values })
      .onConflict((oc) => oc.column('owner_id').doUpdateSet(values))
      .execute();
  }
}
