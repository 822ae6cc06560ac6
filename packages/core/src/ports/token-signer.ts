/** The claims of a short-lived access token. Times are epoch seconds, as in JWT. */
export interface AccessClaims {
  /** The user id. */
  readonly sub: string;
  /** The session (refresh-token family) the token belongs to; revoking it ends the token too. */
  readonly sid: string;
  readonly iat: number;
  readonly exp: number;
  /** Space-separated scopes (`read propose trade`); absent: every scope (a password session). */
  readonly scope?: string;
  /** The resource (RFC 8707) an OAuth token is bound to, e.g. `https://condor.example/mcp`; absent: condor itself. */
  readonly resource?: string;
  /** The OAuth client the token was issued to; absent for password sessions. */
  readonly clientId?: string;
}

/** Signs and verifies access tokens; verification checks format and signature only, not expiry. */
export interface TokenSigner {
  sign(claims: AccessClaims): string;
  /** The claims of a well-formed, correctly signed token, or null. */
  verify(token: string): AccessClaims | null;
}
