import { createHash } from 'node:crypto';
import type { Sealed, SecretBox } from '@condor/core';

const NONCE_BYTES = 12;
const CHECK_BYTES = 16;

/**
 * NOT SECURE — for tests only. A deterministic stand-in for AES-GCM: the "ciphertext" is the
 * plaintext's bytes reversed followed by a checksum over key id, nonce, associated data and
 * plaintext, and nonces count up from 1. It keeps the port's promises that tests rely on: a value
 * moved to another owner or field, altered, or sealed under another key id does not open.
 */
export class FakeSecretBox implements SecretBox {
  private counter = 0;

  constructor(readonly keyId = 'fake-key') {}

  seal(plaintext: string, associatedData: string): Promise<Sealed> {
    this.counter += 1;
    const nonce = Buffer.alloc(NONCE_BYTES);
    nonce.writeUInt32BE(this.counter, NONCE_BYTES - 4);
    const bytes = Buffer.from(plaintext, 'utf8').reverse();
    const ciphertext = Buffer.concat([bytes, this.check(nonce, associatedData, bytes)]);
    return Promise.resolve({ keyId: this.keyId, nonce: nonce.toString('base64'), ciphertext: ciphertext.toString('base64') });
  }

  open(sealed: Sealed, associatedData: string): Promise<string | null> {
    if (sealed.keyId !== this.keyId) return Promise.resolve(null);
    const nonce = Buffer.from(sealed.nonce, 'base64');
    const body = Buffer.from(sealed.ciphertext, 'base64');
    if (body.length < CHECK_BYTES) return Promise.resolve(null);
    const bytes = body.subarray(0, body.length - CHECK_BYTES);
    const intact = this.check(nonce, associatedData, bytes).equals(body.subarray(body.length - CHECK_BYTES));
    return Promise.resolve(intact ? Buffer.from(bytes).reverse().toString('utf8') : null);
  }

  private check(nonce: Buffer, associatedData: string, bytes: Buffer): Buffer {
    return createHash('sha256')
      .update(JSON.stringify([this.keyId, nonce.toString('base64'), associatedData, bytes.toString('base64')]))
      .digest()
      .subarray(0, CHECK_BYTES);
  }
}
