import type { Tier, User } from '../ports/user-store.js';
import type * as v from 'valibot';
import type { UserView } from './schemas.js';

/** Epoch milliseconds as an ISO-8601 UTC timestamp. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();

/** What a caller may see of an account (never the password hash). */
export const userView = (user: User, tier: Tier): v.InferOutput<typeof UserView> => ({
  user_id: user.id,
  email: user.email,
  tier,
  created_at: isoTime(user.createdAt),
});
