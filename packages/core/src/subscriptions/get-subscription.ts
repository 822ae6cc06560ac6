import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { nextUtcMidnight, utcDay } from '../quotas/utc-day.js';
import type { Services } from '../services.js';
import { SubscriptionView, subscriptionView } from './views.js';

const QuotaView = v.object({
  tool: v.string(),
  used: v.number(),
  limit: v.pipe(v.nullable(v.number()), v.description('Calls allowed per UTC day; null means no daily limit (premium).')),
  remaining: v.nullable(v.number()),
  resets_at: v.string(),
});

export const getSubscription = defineOperation({
  name: 'get_subscription',
  title: 'Subscription, tier and quotas',
  description: "The caller's tier, subscription (if any), how billing works here, and today's use of each tool's daily quota.",
  input: v.strictObject({}),
  output: v.object({
    tier: v.picklist(['free', 'premium']),
    subscription: v.nullable(SubscriptionView),
    billing: v.string(),
    quotas: v.array(QuotaView),
  }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/subscription' },
  annotations: READ_ONLY,
  errors: [],
  handler: (_input, { services, caller }) =>
    ResultAsync.fromSafePromise(
      Promise.all([services.subscriptions.active(caller.userId), quotaViews(caller.userId, caller.tier, services)]),
    ).map(([subscription, quotas]) => ({
      tier: caller.tier,
      subscription: subscription === undefined ? null : subscriptionView(subscription),
      billing: services.billing.description,
      quotas,
    })),
});

async function quotaViews(userId: string, tier: 'free' | 'premium', services: Services) {
  const now = services.clock.now();
  const usage = await services.quotas.usage(userId, utcDay(now));
  const resetsAt = isoTime(nextUtcMidnight(now));
  return Object.entries(services.config.freeQuotas).map(([tool, limit]) => {
    const used = usage[tool] ?? 0;
    const cap = tier === 'free' ? limit : null;
    return { tool, used, limit: cap, remaining: cap === null ? null : Math.max(cap - used, 0), resets_at: resetsAt };
  });
}
