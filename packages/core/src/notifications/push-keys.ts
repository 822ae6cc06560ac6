const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The bytes of base64url text (RFC 4648 §5), unpadded as browsers give it (trailing `=` tolerated), or null when it is
 * not base64url or not canonical (leftover bits set): one key has one spelling.
 */
export function base64urlBytes(text: string): Uint8Array | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((bare.length * 3) / 4));
  let value = 0;
  let bits = 0;
  let at = 0;
  for (const char of bare) {
    value = ((value << 6) | ALPHABET.indexOf(char)) & 0x3fff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return (value & ((1 << bits) - 1)) === 0 ? bytes : null;
}

/** NIST P-256 (SEC 2 §2.4.2): y² = x³ − 3x + b over the prime p. */
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const bigintOf = (bytes: Uint8Array): bigint => bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

/**
 * Whether `text` is a browser's push key `p256dh`: base64url of an uncompressed P-256 point (0x04, x, y; 65 bytes)
 * that lies on the curve. A key off the curve could never decrypt a push, and is refused when the device is added.
 */
export function isP256PublicKey(text: string): boolean {
  const bytes = base64urlBytes(text);
  if (bytes?.length !== 65 || bytes[0] !== 0x04) return false;
  const x = bigintOf(bytes.subarray(1, 33));
  const y = bigintOf(bytes.subarray(33));
  if (x >= P || y >= P) return false;
  return (y * y - (x * x * x - 3n * x + B)) % P === 0n;
}

/** Whether `text` is a push subscription's `auth` secret: base64url of 16 bytes (RFC 8291 §3.2). */
export const isAuthSecret = (text: string): boolean => base64urlBytes(text)?.length === 16;
