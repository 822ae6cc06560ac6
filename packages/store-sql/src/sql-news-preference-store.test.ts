import { newsPreferenceStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { migratedWithUsers } from '../test/migrated-with-users.js';
import { testDialects } from '../test/temp-database.js';
import { SqlNewsPreferenceStore } from './sql-news-preference-store.js';

const T0 = 1_767_623_400_000;

for (const dialect of testDialects()) {
  newsPreferenceStoreContract(`SqlNewsPreferenceStore on ${dialect.name}`, async (ownerIds) => new SqlNewsPreferenceStore(await migratedWithUsers(dialect, ownerIds)));

  describe(`SqlNewsPreferenceStore storage on ${dialect.name}`, () => {
    it('keeps the choice as JSON text with the time it was made, and names the column when it holds something else', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlNewsPreferenceStore(db);
      await store.set(OWNER_ID, { order_ended: { mail: true } }, T0);
      await store.set(OWNER_ID, { order_ended: { mail: false } }, T0 + 5);
      expect(await db.selectFrom('news_preferences').selectAll().execute()).toEqual([{ owner_id: OWNER_ID, preferences: '{"order_ended":{"mail":false}}', updated_at: T0 + 5 }]);
      await db.updateTable('news_preferences').set({ preferences: '[]' }).execute();
      await expect(store.get(OWNER_ID)).rejects.toThrow('news_preferences.preferences holds JSON that is not an object');
    });

    it('refuses the choice of an unknown owner', async () => {
      const store = new SqlNewsPreferenceStore(await migratedWithOwner(dialect));
      await expect(store.set('6f1c2d3e-0000-4000-8000-0000000000ee', {}, T0)).rejects.toMatchObject(violation(dialect.kind, 'foreign_key'));
    });
  });
}
