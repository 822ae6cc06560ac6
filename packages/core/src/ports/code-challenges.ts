/** PKCE's S256 transformation (RFC 7636 §4.2). */
export interface CodeChallenges {
  /** BASE64URL(SHA-256(ASCII(verifier))), without padding. */
  s256(verifier: string): string;
}
