/**
 * A connected client: what a person approved on the consent page. Its id is the session family of its tokens,
 * so revoking the family ends the grant and every token issued under it.
 */
export interface OAuthGrant {
  /** The session family (SessionStore) of the grant's refresh tokens. */
  readonly familyId: string;
  readonly userId: string;
  readonly clientId: string;
  /** The client's name as the consent page showed it. */
  readonly clientName: string;
  /** The granted scopes, space-separated. */
  readonly scope: string;
  readonly resource: string;
  readonly createdAt: number;
  /** When its client last used an access token, to the minute (`recordUse`); null until it does. */
  readonly lastUsedAt: number | null;
}

/** The grants people made to OAuth clients. */
export interface OAuthGrantStore {
  insert(grant: OAuthGrant): Promise<void>;
  find(familyId: string): Promise<OAuthGrant | undefined>;
  /** A user's grants, oldest first (revoked ones too: the session family says which are live). */
  listByUser(userId: string): Promise<readonly OAuthGrant[]>;
  /** Records a use of the grant's tokens at `at`, unless one is recorded since `unlessSince` (no write then). */
  recordUse(familyId: string, at: number, unlessSince: number): Promise<void>;
}
