/** A proposal lives 60 s: at exactly 60.000 s it is expired (contract §8). */
export const PROPOSAL_TTL_MS = 60_000;
/** A confirmation needs 5 s of review: at exactly 5.000 s it is allowed. */
export const CONFIRM_FLOOR_MS = 5_000;

/** The two in whole seconds, for sentences: tool descriptions, summaries and error messages say them from here. */
export const PROPOSAL_TTL_S = PROPOSAL_TTL_MS / 1000;
export const CONFIRM_FLOOR_S = CONFIRM_FLOOR_MS / 1000;
/** The last sentence of every proposal's summary. */
export const CONFIRM_WINDOW = `Confirm with confirm_proposal after ${String(CONFIRM_FLOOR_S)} s and within ${String(PROPOSAL_TTL_S)} s.`;
/** When a proposing tool's description says the user confirms. */
export const CONFIRM_LATER = `between ${String(CONFIRM_FLOOR_S)} and ${String(PROPOSAL_TTL_S)} seconds later`;

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
