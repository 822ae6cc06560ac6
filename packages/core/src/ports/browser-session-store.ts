/**
 * A person's session in a browser, started on condor's HTML login page (design §12–13): the only credential
 * that opens the approval and keys pages. Distinct from API sessions: an access token, API key or OAuth grant
 * never finds one.
 */
export interface BrowserSession {
  /** Hex SHA-256 of the cookie's token. */
  readonly digest: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly revokedAt: number | null;
  /** The browser's user agent at login, for the approval evidence; null when it sent none. */
  readonly userAgent: string | null;
}

export interface BrowserSessionStore {
  insert(session: BrowserSession): Promise<void>;
  find(digest: string): Promise<BrowserSession | undefined>;
  /** Ends it (idempotent: the first time is kept). */
  revoke(digest: string, at: number): Promise<void>;
  /** Ends every live session of the user but the one kept (its password changed there); how many it ended. */
  revokeOthers(userId: string, keep: string, at: number): Promise<number>;
}
