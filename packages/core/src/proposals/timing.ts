/** A proposal lives 60 s: at exactly 60.000 s it is expired (contract §8). */
export const PROPOSAL_TTL_MS = 60_000;
/** A confirmation needs 5 s of review: at exactly 5.000 s it is allowed. */
export const CONFIRM_FLOOR_MS = 5_000;

export const expiresAt = (createdAt: number): number => createdAt + PROPOSAL_TTL_MS;
export const confirmableAt = (createdAt: number): number => createdAt + CONFIRM_FLOOR_MS;
export const isExpired = (createdAt: number, now: number): boolean => now >= expiresAt(createdAt);
export const isTooFast = (createdAt: number, now: number): boolean => now < confirmableAt(createdAt);

/**
 * How long after its consumption a confirm's submit is taken to be still on its way (one broker submit
 * times out in 10 s). Until then a confirm of the consumed proposal without an outcome waits for it
 * rather than asking the broker; after it, the instance that consumed it is taken to have died.
 */
export const SUBMIT_GRACE_MS = 15_000;
export const isSubmitUnderway = (consumedAt: number, now: number): boolean => now - consumedAt < SUBMIT_GRACE_MS;
