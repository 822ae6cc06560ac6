/** An OAuth authorization code as stored: its digest, never the code, and everything the token request must match. */
export interface AuthorizationCode {
  /** Hex SHA-256 of the code. */
  readonly digest: string;
  readonly clientId: string;
  /** The client's name as the consent page showed it, kept with the grant the code starts. */
  readonly clientName: string;
  readonly userId: string;
  /** The redirect URI the code was sent to; the token request must name the same. */
  readonly redirectUri: string;
  /** The PKCE S256 challenge (RFC 7636) the client's verifier must hash to. */
  readonly codeChallenge: string;
  /** The granted scopes, space-separated. */
  readonly scope: string;
  /** The resource (RFC 8707) the tokens will be bound to. */
  readonly resource: string;
  /** The session family (the grant) the code's tokens will belong to; revoked if the code is used twice. */
  readonly familyId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/** Authorization codes: single use. */
export interface AuthorizationCodeStore {
  insert(code: AuthorizationCode): Promise<void>;
  find(digest: string): Promise<AuthorizationCode | undefined>;
  /** Marks an unused code used; true for exactly one caller however many race (compare-and-set). */
  markUsed(digest: string, at: number): Promise<boolean>;
}
