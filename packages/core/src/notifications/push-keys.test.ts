import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64urlBytes, isAuthSecret, isP256PublicKey } from './push-keys.js';

const browserKey = (): Buffer => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey();
};

describe('base64urlBytes', () => {
  it('decodes what node encodes, for every length, padded or not', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = randomBytes(length);
      expect(base64urlBytes(bytes.toString('base64url'))).toEqual(new Uint8Array(bytes));
      expect(base64urlBytes(bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_'))).toEqual(new Uint8Array(bytes));
    }
  });

  it('refuses other alphabets, impossible lengths and leftover bits', () => {
    expect(base64urlBytes('ab+/')).toBeNull();
    expect(base64urlBytes('abcde')).toBeNull();
    expect(base64urlBytes('ab cd')).toBeNull();
    // "AB" is 0x00 plus four set leftover bits' worth of "B": not the canonical spelling of any byte string.
    expect(base64urlBytes('AB')).toBeNull();
    expect(base64urlBytes('AA')).toEqual(new Uint8Array([0]));
  });
});

describe('isP256PublicKey', () => {
  it('takes a browser’s uncompressed P-256 key', () => {
    for (let i = 0; i < 5; i++) expect(isP256PublicKey(browserKey().toString('base64url'))).toBe(true);
  });

  it('refuses a point off the curve, a compressed point, a short key and coordinates beyond the field', () => {
    const key = browserKey();
    const offCurve = Buffer.from(key);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    const compressed = Buffer.concat([Buffer.from([0x02 + ((key[64] ?? 0) & 1)]), key.subarray(1, 33)]);
    const beyond = Buffer.concat([Buffer.from([0x04]), Buffer.alloc(32, 0xff), key.subarray(33)]);
    const wrongPrefix = Buffer.from(key);
    wrongPrefix[0] = 0x05;
    for (const bad of [offCurve, compressed, key.subarray(0, 64), beyond, wrongPrefix, Buffer.concat([key, Buffer.from([0])])]) {
      expect(isP256PublicKey(bad.toString('base64url'))).toBe(false);
    }
    expect(isP256PublicKey('not base64url!')).toBe(false);
  });
});

describe('isAuthSecret', () => {
  it('takes 16 bytes and nothing else', () => {
    expect(isAuthSecret(randomBytes(16).toString('base64url'))).toBe(true);
    expect(isAuthSecret(randomBytes(15).toString('base64url'))).toBe(false);
    expect(isAuthSecret(randomBytes(17).toString('base64url'))).toBe(false);
    expect(isAuthSecret('')).toBe(false);
  });
});
