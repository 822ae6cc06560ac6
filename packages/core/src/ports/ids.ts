/** Identifiers and unguessable tokens. Core never uses `Math.random` or `crypto` itself. */
export interface Ids {
  /** A random (v4) UUID. */
  uuid(): string;
  /** An opaque token with at least 256 bits of entropy, URL-safe (refresh tokens). */
  opaqueToken(): string;
}
