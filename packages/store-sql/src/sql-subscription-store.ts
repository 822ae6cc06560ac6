import type { Plan, Subscription, SubscriptionStore } from '@condor/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.js';
import type { SubscriptionsTable } from './onboarding-billing-schema.js';

const toPlan = (value: string): Plan => {
  if (value === 'premium') return value;
  throw new Error(`subscriptions.plan holds an unknown plan: ${value}`);
};

const toSubscription = (row: Selectable<SubscriptionsTable>): Subscription => ({
  id: row.id,
  userId: row.user_id,
  plan: toPlan(row.plan),
  provider: row.provider,
  startedAt: row.started_at,
  canceledAt: row.canceled_at,
});

/**
 * SubscriptionStore over SQL (SQLite or PostgreSQL). `active_user_id` holds the user id while a
 * subscription is active; its unique index makes the database admit one active subscription per user.
 */
export class SqlSubscriptionStore implements SubscriptionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async active(userId: string): Promise<Subscription | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('active_user_id', '=', userId)
      .executeTakeFirst();
    return row === undefined ? undefined : toSubscription(row);
  }

  async start(subscription: Subscription): Promise<'started' | 'already_active'> {
    const result = await this.db
      .insertInto('subscriptions')
      .values({
        id: subscription.id,
        user_id: subscription.userId,
        plan: subscription.plan,
        provider: subscription.provider,
        started_at: subscription.startedAt,
        canceled_at: subscription.canceledAt,
        active_user_id: subscription.canceledAt === null ? subscription.userId : null,
      })
      .onConflict((oc) => oc.column('active_user_id').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n ? 'started' : 'already_active';
  }

  async cancelActive(userId: string, at: number): Promise<Subscription | undefined> {
    const row = await this.db
      .updateTable('subscriptions')
      .set({ canceled_at: at, active_user_id: null })
      .where('active_user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    return row === undefined ? undefined : toSubscription(row);
  }
}
