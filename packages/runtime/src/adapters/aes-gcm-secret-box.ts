import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Sealed, SecretBox } from '@condor/core';

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_DOMAIN = 'condor/secret-box/key-id/v1\0';

/** The keys a box seals and opens with: `current` seals; `previous` still open what they sealed. */
export interface SecretKeys {
  readonly current: Buffer;
  readonly previous?: readonly Buffer[];
}

/**
 * A short, non-secret fingerprint of a key (8 hex digits of a domain-separated SHA-256), stored
 * beside each sealed value so `open` picks the right key after a rotation.
 */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update(KEY_ID_DOMAIN).update(key).digest('hex').slice(0, 8);
}

/**
 * Broker secrets at rest under AES-256-GCM (NIST SP 800-38D): a fresh random 96-bit nonce per
 * seal, the 16-byte tag appended to the ciphertext, and `associatedData` (`owner_id|field|v1`)
 * authenticated so a value copied to another row does not open.
 *
 * @example
 * const box = new AesGcmSecretBox({ current: key, previous: [oldKey] });
 * const sealed = await box.seal(apiSecret, `${userId}|api_secret|v1`);
 * await box.open(sealed, `${userId}|api_secret|v1`); // apiSecret, or null if moved or altered
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly current: { readonly id: string; readonly key: Buffer };
  private readonly keys: readonly { readonly id: string; readonly key: Buffer }[];

  constructor({ current, previous = [] }: SecretKeys) {
    for (const key of [current, ...previous]) {
      if (key.length !== KEY_BYTES) throw new Error('A secret-box key must be exactly 32 bytes.');
    }
    this.current = { id: secretKeyId(current), key: Buffer.from(current) };
    this.keys = [this.current, ...previous.map((key) => ({ id: secretKeyId(key), key: Buffer.from(key) }))];
  }

  seal(plaintext: string, associatedData: string): Promise<Sealed> {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return Promise.resolve({ keyId: this.current.id, nonce: nonce.toString('base64'), ciphertext: body.toString('base64') });
  }

  open(sealed: Sealed, associatedData: string): Promise<string | null> {
    try {
      return Promise.resolve(this.openSync(sealed, associatedData));
    } catch {
      // A stored value is data from disk: whatever its shape, the answer is "does not open".
      return Promise.resolve(null);
    }
  }

  private openSync(sealed: Sealed, associatedData: string): string | null {
    const nonce = strictBase64(sealed.nonce);
    const body = strictBase64(sealed.ciphertext);
    if (nonce?.length !== NONCE_BYTES || body === null || body.length < TAG_BYTES) return null;
    // Two keys may share an 8-digit id; the tag tells them apart.
    for (const { id, key } of this.keys) {
      if (id !== sealed.keyId) continue;
      const plaintext = decrypt(key, nonce, body, associatedData);
      if (plaintext !== null) return plaintext;
    }
    return null;
  }
}

function decrypt(key: Buffer, nonce: Buffer, body: Buffer, associatedData: string): string | null {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Node's base64 decoder skips what it cannot read; a stored value must be canonical base64 or nothing. */
function strictBase64(text: unknown): Buffer | null {
  if (typeof text !== 'string') return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}
