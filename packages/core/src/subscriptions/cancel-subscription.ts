import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation } from '../operations/operation.js';
import { SubscriptionView, subscriptionView } from './views.js';

export const cancelSubscription = defineOperation({
  name: 'cancel_subscription',
  title: 'Cancel the subscription',
  description: 'Cancels the active subscription; the tier returns to free at once.',
  input: v.strictObject({}),
  output: v.object({ tier: v.literal('free'), subscription: SubscriptionView }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'DELETE', path: '/subscription' },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  errors: ['SUBSCRIPTION_NOT_FOUND'],
  handler: (_input, { services, caller }) =>
    ResultAsync.fromSafePromise(services.subscriptions.cancelActive(caller.userId, services.clock.now())).andThen(
      (canceled) =>
        canceled === undefined
          ? errAsync(appError('SUBSCRIPTION_NOT_FOUND', { message: 'You have no active subscription to cancel.' }))
          : ResultAsync.fromSafePromise(services.billing.cancel(caller.userId, canceled.plan)).andThen(() =>
              okAsync({ tier: 'free' as const, subscription: subscriptionView(canceled) }),
            ),
    ),
});
