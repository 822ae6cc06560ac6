import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebPushSender } from './web-push-sender.js';
import { generateVapidKeys, scalarBytes, vapidKeysFromPrivateKey } from './vapid-keys.js';

/** RFC 8291 Appendix A's application server key pair, a P-256 pair whose halves are known to belong together. */
const RFC_PAIR = {
  publicKey: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  privateKey: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
};

describe('VAPID keys', () => {
  it('generates a raw P-256 public point and a 32-byte private scalar, both base64url', () => {
    const keys = generateVapidKeys();
    expect(keys.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(vapidKeysFromPrivateKey(keys.privateKey)._unsafeUnwrap()).toEqual(keys);
  });

  it('keeps a scalar with leading zero bytes in its full 32 bytes, which reads back and signs (one key in 256 has one)', () => {
    const short = Buffer.from(RFC_PAIR.privateKey, 'base64url').subarray(1);
    expect(scalarBytes(short)).toEqual(Buffer.concat([Buffer.alloc(1), short]));
    expect(scalarBytes(Buffer.from(RFC_PAIR.privateKey, 'base64url')).toString('base64url')).toBe(RFC_PAIR.privateKey);
    // A scalar whose first byte is zero: node hands it back as 31 bytes, the padded form is a valid 32-byte key.
    const leadingZero = Buffer.concat([Buffer.alloc(1), Buffer.from(RFC_PAIR.privateKey, 'base64url').subarray(1)]);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(leadingZero);
    expect(ecdh.getPrivateKey()).toHaveLength(31);
    const padded = scalarBytes(ecdh.getPrivateKey()).toString('base64url');
    expect(vapidKeysFromPrivateKey(padded)._unsafeUnwrap().publicKey).toBe(ecdh.getPublicKey('base64url'));
    for (let i = 0; i < 2_000; i++) expect(Buffer.from(generateVapidKeys().privateKey, 'base64url')).toHaveLength(32);
  });

  it('derives the public key from the private key alone', () => {
    expect(vapidKeysFromPrivateKey(RFC_PAIR.privateKey)._unsafeUnwrap()).toEqual(RFC_PAIR);
  });

  it('refuses a private key that is not 32 base64url bytes, and never echoes it', () => {
    for (const bad of ['', 'short', `${RFC_PAIR.privateKey}AAAA`, '-----BEGIN PRIVATE KEY-----']) {
      const error = vapidKeysFromPrivateKey(bad)._unsafeUnwrapErr();
      expect(error.kind).toBe('invalid_vapid_key');
      if (bad.length > 0) expect(error.message).not.toContain(bad);
    }
    expect(vapidKeysFromPrivateKey(Buffer.alloc(32).toString('base64url'))._unsafeUnwrapErr().message).toMatch(/not a valid P-256/);
  });
});

describe('WebPushSender.create', () => {
  const base = { now: () => 0, sleep: () => Promise.resolve() };

  it('refuses a public key that does not belong to the private key, and a subject that is no contact', () => {
    const other = generateVapidKeys();
    expect(WebPushSender.create({ ...base, vapid: { ...RFC_PAIR, publicKey: other.publicKey, subject: 'mailto:ops@example.com' } })._unsafeUnwrapErr().kind).toBe('invalid_vapid_key');
    for (const subject of ['ops@example.com', 'http://example.com', 'mailto:']) {
      expect(WebPushSender.create({ ...base, vapid: { ...RFC_PAIR, subject } })._unsafeUnwrapErr().kind).toBe('invalid_vapid_subject');
    }
  });

  it('answers the applicationServerKey for the page', () => {
    expect(WebPushSender.create({ ...base, vapid: { ...RFC_PAIR, subject: 'https://condor.example' } })._unsafeUnwrap().publicKey).toBe(RFC_PAIR.publicKey);
  });
});
