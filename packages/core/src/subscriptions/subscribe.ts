import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import { SubscriptionView, subscriptionView } from './views.js';

export const subscribe = defineOperation({
  name: 'subscribe',
  title: 'Subscribe to premium',
  description:
    'Starts the premium plan; the tier changes at once. How payment works depends on the deployment (see get_subscription.billing).',
  input: v.strictObject({ plan: v.optional(v.picklist(['premium']), 'premium') }),
  output: v.object({ tier: v.literal('premium'), subscription: SubscriptionView, billing: v.string() }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/subscription' },
  annotations: WRITE,
  errors: ['ALREADY_SUBSCRIBED', 'INVALID_VALUE', 'FORBIDDEN'],
  handler: ({ plan }, { services, caller }) => {
    const subscription = {
      id: services.ids.uuid(),
      userId: caller.userId,
      plan,
      provider: services.billing.provider,
      startedAt: services.clock.now(),
      canceledAt: null,
    };
    // Claim the one active slot first, so two concurrent subscribes can never both be billed.
    return ResultAsync.fromSafePromise(services.subscriptions.start(subscription))
      .andThen((outcome) =>
        outcome === 'started'
          ? okAsync(undefined)
          : errAsync(appError('ALREADY_SUBSCRIBED', { received: { plan } })),
      )
      .andThen(() => ResultAsync.fromSafePromise(services.billing.activate(caller.userId, plan)))
      .andThen((paid) =>
        paid
          ? okAsync({ tier: 'premium' as const, subscription: subscriptionView(subscription), billing: services.billing.description })
          : ResultAsync.fromSafePromise(services.subscriptions.cancelActive(caller.userId, services.clock.now())).andThen(() =>
              errAsync(
                appError('FORBIDDEN', {
                  message: 'The billing provider refused the payment for the premium plan.',
                  suggestion: 'Check the payment method with the billing provider, then subscribe again.',
                  received: { plan },
                }),
              ),
            ),
      );
  },
});
