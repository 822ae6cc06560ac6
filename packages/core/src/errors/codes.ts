/** Every machine-readable code a caller can see in `error`, grouped as in the contract's section 7. */
export const ERROR_CODES = [
  // 7.2 validation
  'INVALID_UUID',
  'INVALID_VALUE',
  'OUT_OF_RANGE',
  'INVALID_TICKER',
  'INVALID_EMAIL',
  'INVALID_QTY',
  'INVALID_RANK',
  'INVALID_CANDIDATE',
  'MISSING_CANDIDATE_FIELDS',
  'MISSING_API_KEY',
  'MISSING_API_SECRET',
  'MISSING_TICKER',
  'MISSING_ORDER_ID',
  'INVALID_DOCUMENT',
  // 7.3 workflow
  'STRATEGY_NOT_CANDIDATE',
  'NO_HISTORY',
  'POSITION_NOT_FOUND',
  'SAVED_STRATEGY_NOT_FOUND',
  'STRATEGY_NOT_FOUND',
  'ONBOARDING_REQUIRED',
  'DOCUMENT_NOT_READ',
  // 7.4 access and authentication
  'TIER_BLOCKED',
  'QUOTA_EXCEEDED',
  'BROKER_NOT_CONNECTED',
  'ACCESS_DENIED',
  'NOT_SERVICE_MANAGED',
  'SESSION_INVALID',
  'UNAUTHORIZED',
  'AUTHORIZATION_NOT_CONFIRMED',
  'RATE_LIMITED',
  'BROKER_RATE_LIMITED',
  'INVALID_CREDENTIALS',
  // 7.5 proposals
  'PROPOSAL_NOT_FOUND',
  'PROPOSAL_EXPIRED',
  'PROPOSAL_ALREADY_CONSUMED',
  // 7.6 risk and trading
  'ENTRY_REJECTED',
  'OVERLAPPING_LEGS',
  'CONFIRM_BLOCKED',
  'CONFIRM_TOO_FAST',
  'CANCEL_FAILED',
  'AUTOROLL_DISABLED',
  // 7.7 subscriptions
  'ALREADY_SUBSCRIBED',
  'SUBSCRIPTION_NOT_FOUND',
  // 7.8 onboarding soft results
  'already_accepted',
  'already_acknowledged',
  // 7.9 server errors and the fallbacks for bare HTTP statuses
  'SERVICE_NOT_CONFIGURED',
  'SERVER_MISCONFIGURED',
  'INTERNAL_ERROR',
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION_ERROR',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes that are answered in a successful response body rather than raised (contract 7.1 rule 4). */
export const SOFT_CODES = ['already_accepted', 'already_acknowledged', 'CANCEL_FAILED'] as const satisfies readonly ErrorCode[];
export type SoftCode = (typeof SOFT_CODES)[number];

export const isSoftCode = (code: ErrorCode): code is SoftCode => (SOFT_CODES as readonly ErrorCode[]).includes(code);
