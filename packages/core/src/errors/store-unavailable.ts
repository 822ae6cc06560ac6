/**
 * Whether a thrown error is a store's "the database cannot be reached or written right now" (a restart, a dropped
 * connection, a full disk): stores mark such errors `unavailable: true`, and the shells answer them
 * SERVICE_UNAVAILABLE with a Retry-After instead of INTERNAL_ERROR.
 */
export const isStoreUnavailable = (thrown: unknown): boolean =>
  typeof thrown === 'object' && thrown !== null && (thrown as { readonly unavailable?: unknown }).unavailable === true;

/** How long a caller is asked to wait before retrying after the database was unavailable. */
export const STORE_RETRY_AFTER_SECONDS = 5;
