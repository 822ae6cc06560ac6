import type { PasskeyRefusal } from '@condor/core';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The status each passkey refusal answers with. */
export const REFUSAL_STATUS = {
  challenge_unknown: 409,
  challenge_expired: 409,
  challenge_purpose: 409,
  not_verified: 400,
  user_not_verified: 400,
  counter_replayed: 400,
  already_registered: 409,
  passkey_not_found: 404,
  invalid_name: 400,
  password_needed: 403,
  password_wrong: 403,
  login_not_fresh: 403,
  no_passkey: 409,
  passkey_needed: 403,
} as const satisfies Record<PasskeyRefusal, ContentfulStatusCode>;
