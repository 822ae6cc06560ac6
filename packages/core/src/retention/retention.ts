const DAY_MS = 24 * 60 * 60_000;

/** The kinds of rows a periodic purge deletes once they have ended and their retention has passed. */
export type RetentionKind = 'approvalLinks' | 'browserSessions' | 'authorizationCodes' | 'sessionFamilies' | 'rateLimitWindows' | 'callBatches';

/** How long one kind is kept after it ended, and what "ended" means for it (docs/retention.md is this table in words). */
export interface RetentionSpec {
  readonly keepMs: number;
  readonly endedAt: string;
}

/**
 * What is kept how long after it ended. Proposals, orders, positions and the approval evidence on them are not here:
 * they are the audit trail and are never purged.
 */
export const RETENTION = {
  approvalLinks: { keepMs: 30 * DAY_MS, endedAt: 'expires_at (approval, broker-key and elicitation links alike)' },
  browserSessions: { keepMs: 30 * DAY_MS, endedAt: 'expires_at, or revoked_at when signed out earlier' },
  authorizationCodes: { keepMs: 1 * DAY_MS, endedAt: 'expires_at' },
  sessionFamilies: { keepMs: 30 * DAY_MS, endedAt: 'revoked_at, or the latest expires_at of its refresh tokens' },
  rateLimitWindows: { keepMs: 0, endedAt: 'reset_at' },
  callBatches: { keepMs: 1 * DAY_MS, endedAt: 'updated_at (the last call began, was kept alive or ended)' },
} as const satisfies Record<RetentionKind, RetentionSpec>;

/** Each kind's cutoff: rows that ended before it are purged. */
export type RetentionCutoffs = Readonly<Record<RetentionKind, number>>;

/**
 * The cutoffs of a purge run at `now`: rows of each kind that ended before `now - keepMs` may go.
 *
 * @example
 * retentionCutoffs(now).approvalLinks // now - 30 days
 */
export function retentionCutoffs(now: number, policy: Readonly<Record<RetentionKind, RetentionSpec>> = RETENTION): RetentionCutoffs {
  return {
    approvalLinks: now - policy.approvalLinks.keepMs,
    browserSessions: now - policy.browserSessions.keepMs,
    authorizationCodes: now - policy.authorizationCodes.keepMs,
    sessionFamilies: now - policy.sessionFamilies.keepMs,
    rateLimitWindows: now - policy.rateLimitWindows.keepMs,
    callBatches: now - policy.callBatches.keepMs,
  };
}

/** The kinds in the order a purge runs them: codes before the session families they belong to. */
export const RETENTION_KINDS: readonly RetentionKind[] = ['approvalLinks', 'browserSessions', 'authorizationCodes', 'sessionFamilies', 'rateLimitWindows', 'callBatches'];
