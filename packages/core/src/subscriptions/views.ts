import * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { Subscription } from '../ports/subscription-store.js';

export const SubscriptionView = v.object({
  id: v.string(),
  plan: v.literal('premium'),
  provider: v.pipe(v.string(), v.description("The billing adapter; 'instant' activates at once without payment (self-hosting).")),
  started_at: v.string(),
  canceled_at: v.nullable(v.string()),
});

export const subscriptionView = (s: Subscription): v.InferOutput<typeof SubscriptionView> => ({
  id: s.id,
  plan: s.plan,
  provider: s.provider,
  started_at: isoTime(s.startedAt),
  canceled_at: s.canceledAt === null ? null : isoTime(s.canceledAt),
});
