import type { Tier, User } from '../ports/user-store.js';
import type * as v from 'valibot';
import type { UserView } from './schemas.js';
import { isoTime } from '../words/time.js';

/** What a caller may see of an account (never the password hash). */
export const userView = (user: User, tier: Tier): v.InferOutput<typeof UserView> => ({
  user_id: user.id,
  email: user.email,
  tier,
  created_at: isoTime(user.createdAt),
});
