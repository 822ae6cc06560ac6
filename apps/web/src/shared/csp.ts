import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's inline stylesheet and script. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The pages' Content-Security-Policy: nothing loads from anywhere; only the inline stylesheet and script that
 * carry this response's nonce run; forms post only to this origin; no page may frame these.
 */
export const pagePolicy = (nonce: string): string =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
