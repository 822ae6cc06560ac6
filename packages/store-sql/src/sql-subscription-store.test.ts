import type { Subscription } from '@condor/core';
import { subscriptionStoreContract } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { violation } from '../test/constraint-violation.js';
import { migratedWithOwner, OWNER_ID } from '../test/migrated-with-owner.js';
import { testDialects } from '../test/temp-database.js';
import { SqlSubscriptionStore } from './sql-subscription-store.js';

const T0 = 1_767_623_400_000;

const subscription = (id: string, userId = OWNER_ID): Subscription => ({
  id,
  userId,
  plan: 'premium',
  provider: 'instant',
  startedAt: T0,
  canceledAt: null,
});

for (const dialect of testDialects()) {
  subscriptionStoreContract(`SqlSubscriptionStore on ${dialect.name}`, async (ownerId) =>
    new SqlSubscriptionStore(await migratedWithOwner(dialect, ownerId)),
  );

  describe(`SqlSubscriptionStore storage on ${dialect.name}`, () => {
    it('marks the active row with the user id and clears the mark on cancel', async () => {
      const db = await migratedWithOwner(dialect);
      const store = new SqlSubscriptionStore(db);
      await store.start(subscription('s1'));
      await store.cancelActive(OWNER_ID, T0 + 100);
      await store.start(subscription('s2'));
      const rows = await db.selectFrom('subscriptions').select(['id', 'canceled_at', 'active_user_id']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 's1', canceled_at: T0 + 100, active_user_id: null },
        { id: 's2', canceled_at: null, active_user_id: OWNER_ID },
      ]);
    });

    it('lets the database itself refuse a second active row for one user', async () => {
      const db = await migratedWithOwner(dialect);
      await new SqlSubscriptionStore(db).start(subscription('s1'));
      await expect(
        db
          .insertInto('subscriptions')
          .values({ id: 's2', user_id: OWNER_ID, plan: 'premium', provider: 'instant', started_at: T0, canceled_at: null, active_user_id: OWNER_ID })
          .execute(),
      ).rejects.toMatchObject(violation(dialect.kind, 'unique'));
    });

    it('refuses a subscription of an unknown user', async () => {
      const store = new SqlSubscriptionStore(await migratedWithOwner(dialect));
      await expect(store.start(subscription('s1', '6f1c2d3e-0000-4000-8000-0000000000ff'))).rejects.toMatchObject(
        violation(dialect.kind, 'foreign_key'),
      );
    });
  });
}
