import type { RunCursor } from '../ports/strategy-run-store.js';

/** The opaque `page_token` of the optimization history: where the previous page ended. */
export function encodePageToken(cursor: RunCursor): string {
  return base64Url(JSON.stringify([cursor.createdAt, cursor.id]));
}

/** The cursor a token stands for, or null when the text is not a token this service issued. */
export function decodePageToken(token: string): RunCursor | null {
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(token));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [createdAt, id] = parsed as unknown[];
    return typeof createdAt === 'number' && Number.isSafeInteger(createdAt) && typeof id === 'string' && id.length <= 64 ? { createdAt, id } : null;
  } catch {
    return null;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding, of ASCII text (the token holds digits, a UUID and punctuation only). */
function base64Url(text: string): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    value = (value << 8) | (text.charCodeAt(i) & 0xff);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET.charAt((value >> bits) & 63);
    }
  }
  if (bits > 0) out += ALPHABET.charAt((value << (6 - bits)) & 63);
  return out;
}

function fromBase64Url(token: string): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const char of token) {
    const digit = ALPHABET.indexOf(char);
    if (digit === -1) throw new Error('not base64url');
    value = ((value << 6) | digit) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out;
}
