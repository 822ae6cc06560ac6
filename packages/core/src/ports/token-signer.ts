/** The claims of a short-lived access token. Times are epoch seconds, as in JWT. */
export interface AccessClaims {
  /** The user id. */
  readonly sub: string;
  /** The session (refresh-token family) the token belongs to; revoking it ends the token too. */
  readonly sid: string;
  readonly iat: number;
  readonly exp: number;
}

/** Signs and verifies access tokens; verification checks format and signature only, not expiry. */
export interface TokenSigner {
  sign(claims: AccessClaims): string;
  /** The claims of a well-formed, correctly signed token, or null. */
  verify(token: string): AccessClaims | null;
}
