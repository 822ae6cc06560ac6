import type { PasswordChangeRefusal, VerificationMailRefusal, VerifyLinkRefusal } from '@condor/core';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The status each refusal of the verification mail answers with. */
export const VERIFICATION_MAIL_STATUS = {
  mail_off: 503,
  no_account: 404,
  already_verified: 409,
  too_many: 429,
  mail_failed: 502,
} as const satisfies Record<VerificationMailRefusal, ContentfulStatusCode>;

/** The status of a verification link that did nothing. */
export const VERIFY_LINK_STATUS = { unknown: 404, used: 410, expired: 410 } as const satisfies Record<VerifyLinkRefusal, ContentfulStatusCode>;

/** The status each refused password change answers with. */
export const PASSWORD_CHANGE_STATUS = {
  current_needed: 400,
  current_wrong: 403,
  too_many: 429,
  new_invalid: 422,
  mismatch: 422,
  unchanged: 422,
} as const satisfies Record<PasswordChangeRefusal, ContentfulStatusCode>;
