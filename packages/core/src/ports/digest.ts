/** A one-way digest for storing bearer secrets (refresh tokens) so that a database leak reveals none. */
export interface Digest {
  /** Hex SHA-256 of the UTF-8 text. */
  sha256(text: string): string;
}
