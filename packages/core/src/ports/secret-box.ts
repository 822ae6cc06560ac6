/** A secret sealed at rest: AES-256-GCM ciphertext with its nonce and the id of the key that sealed it (base64). */
export interface Sealed {
  readonly keyId: string;
  readonly nonce: string;
  /** Ciphertext followed by the 16-byte authentication tag. */
  readonly ciphertext: string;
}

/**
 * Seals secrets (broker keys) for storage. `associatedData` binds a sealed value to its owner and
 * field, so a ciphertext copied to another row does not open.
 */
export interface SecretBox {
  seal(plaintext: string, associatedData: string): Promise<Sealed>;
  /** The plaintext, or null when the value was tampered with, moved, or sealed under an unknown key. */
  open(sealed: Sealed, associatedData: string): Promise<string | null>;
}
