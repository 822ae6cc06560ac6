import { createECDH, createPrivateKey, type KeyObject } from 'node:crypto';
import { err, ok, type Result } from 'neverthrow';

/**
 * A VAPID key pair as condor stores it: the public key as the browser's `applicationServerKey` wants it (the raw
 * uncompressed P-256 point, base64url, 87 characters) and the private key as the raw scalar `d` (base64url, 43
 * characters), the same form `web-push` and most push libraries use, so one key works with any of them.
 */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Why a VAPID private key was refused; never carries the key. */
export interface VapidKeyError {
  readonly kind: 'invalid_vapid_key';
  readonly message: string;
}

/** A fresh P-256 key pair for VAPID (RFC 8292 §3.2). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: scalarBytes(ecdh.getPrivateKey()).toString('base64url') };
}

/**
 * The scalar `d` in its full 32 bytes: node gives it without its leading zero bytes (one key in 256 has one), and a
 * 31-byte key is refused when read back, by condor and by JWK signing alike.
 */
export function scalarBytes(d: Buffer): Buffer {
  return d.length >= 32 ? d : Buffer.concat([Buffer.alloc(32 - d.length), d]);
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/**
 * The key pair of a stored private key: the public key is derived, so configuration needs only the private one.
 * @example
 * const keys = vapidKeysFromPrivateKey(config.vapidPrivateKey); // Ok({ publicKey: 'BP4z…', privateKey: 'yfWP…' })
 */
export function vapidKeysFromPrivateKey(privateKey: string): Result<VapidKeys, VapidKeyError> {
  const d = BASE64URL.test(privateKey.trim()) ? Buffer.from(privateKey.trim(), 'base64url') : Buffer.alloc(0);
  if (d.length !== 32) return err(invalid('a VAPID private key is 32 bytes in base64url (the P-256 scalar d)'));
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(d);
  } catch {
    return err(invalid('the VAPID private key is not a valid P-256 private key'));
  }
  return ok({ publicKey: ecdh.getPublicKey('base64url'), privateKey: d.toString('base64url') });
}

/** The signing key object of a key pair, for ES256. */
export function vapidSigningKey(keys: VapidKeys): KeyObject {
  const point = Buffer.from(keys.publicKey, 'base64url');
  return createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: keys.privateKey, x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

/** Checks that a configured public key belongs to the private key, so browsers subscribe with the key that signs. */
export function matchingVapidKeys(publicKey: string, privateKey: string): Result<VapidKeys, VapidKeyError> {
  return vapidKeysFromPrivateKey(privateKey).andThen((keys) =>
    keys.publicKey === publicKey.trim().replace(/=+$/, '') ? ok(keys) : err(invalid('the VAPID public key does not belong to the private key')),
  );
}

const invalid = (message: string): VapidKeyError => ({ kind: 'invalid_vapid_key', message });
