import type { Sealed } from '@condor/core';
import { parseJsonObject } from './json-column.js';

/** A sealed value as the JSON text a column holds; null stays null. */
export function sealedText(sealed: Sealed): string;
export function sealedText(sealed: Sealed | null): string | null;
export function sealedText(sealed: Sealed | null): string | null {
  return sealed === null ? null : JSON.stringify({ keyId: sealed.keyId, nonce: sealed.nonce, ciphertext: sealed.ciphertext });
}

/** The sealed value a column holds as JSON text; throws naming the column when it is not one. */
export function parseSealed(text: string | null, column: string): Sealed | null {
  if (text === null) return null;
  const { keyId, nonce, ciphertext } = parseJsonObject(text, column);
  if (typeof keyId !== 'string' || typeof nonce !== 'string' || typeof ciphertext !== 'string') {
    throw new Error(`${column} holds JSON that is not a sealed value`);
  }
  return { keyId, nonce, ciphertext };
}
