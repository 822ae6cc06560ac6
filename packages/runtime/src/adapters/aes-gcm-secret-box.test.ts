import type { Sealed } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { AesGcmSecretBox, secretKeyId } from './aes-gcm-secret-box.js';

const KEY_A = Buffer.alloc(32, 0xa1);
const KEY_B = Buffer.alloc(32, 0xb2);
const AAD = 'user-1|api_secret|v1';
const SECRET = 'PKTEST-9f8e7d6c5b4a';

const flipBit = (base64: string, byte: number): string => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[byte] = bytes[byte]! ^ 0x01;
  return bytes.toString('base64');
};

describe('AesGcmSecretBox', () => {
  const box = new AesGcmSecretBox({ current: KEY_A });

  it('opens what it sealed, unicode included, with a 96-bit nonce and a 16-byte tag', async () => {
    for (const plaintext of [SECRET, '', 'clé secrète ✓ 鍵 🔑']) {
      const sealed = await box.seal(plaintext, AAD);
      expect(await box.open(sealed, AAD)).toBe(plaintext);
      expect(Buffer.from(sealed.nonce, 'base64')).toHaveLength(12);
      expect(Buffer.from(sealed.ciphertext, 'base64')).toHaveLength(Buffer.byteLength(plaintext) + 16);
      expect(sealed.keyId).toBe(secretKeyId(KEY_A));
    }
  });

  it('uses a fresh nonce each time, so the same secret seals differently', async () => {
    const first = await box.seal(SECRET, AAD);
    const second = await box.seal(SECRET, AAD);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.ciphertext).not.toBe(first.ciphertext);
  });

  it('does not open under another owner or field', async () => {
    const sealed = await box.seal(SECRET, AAD);
    expect(await box.open(sealed, 'user-2|api_secret|v1')).toBeNull();
    expect(await box.open(sealed, 'user-1|api_key|v1')).toBeNull();
  });

  it('does not open when any bit of the nonce, ciphertext or tag was flipped', async () => {
    const sealed = await box.seal(SECRET, AAD);
    const length = Buffer.from(sealed.ciphertext, 'base64').length;
    for (const byte of [0, length - 17, length - 1]) {
      expect(await box.open({ ...sealed, ciphertext: flipBit(sealed.ciphertext, byte) }, AAD)).toBeNull();
    }
    expect(await box.open({ ...sealed, nonce: flipBit(sealed.nonce, 0) }, AAD)).toBeNull();
  });

  it('does not open what another key sealed, even when handed the matching key id', async () => {
    const sealed = await new AesGcmSecretBox({ current: KEY_B }).seal(SECRET, AAD);
    expect(sealed.keyId).not.toBe(secretKeyId(KEY_A));
    expect(await box.open(sealed, AAD)).toBeNull();
    expect(await box.open({ ...sealed, keyId: secretKeyId(KEY_A) }, AAD)).toBeNull();
  });

  it('keeps opening values sealed under a previous key after a rotation, and seals with the new one', async () => {
    const old = await box.seal(SECRET, AAD);
    const rotated = new AesGcmSecretBox({ current: KEY_B, previous: [KEY_A] });
    expect(await rotated.open(old, AAD)).toBe(SECRET);
    const fresh = await rotated.seal(SECRET, AAD);
    expect(fresh.keyId).toBe(secretKeyId(KEY_B));
    expect(await box.open(fresh, AAD)).toBeNull();
  });

  it('answers null, never throws, for malformed values', async () => {
    const sealed = await box.seal(SECRET, AAD);
    const malformed: unknown[] = [
      { ...sealed, nonce: '%%%not base64%%%' },
      { ...sealed, nonce: Buffer.alloc(16).toString('base64') },
      { ...sealed, ciphertext: `${sealed.ciphertext}!` },
      { ...sealed, ciphertext: Buffer.alloc(15).toString('base64') },
      { ...sealed, ciphertext: '' },
      { ...sealed, keyId: 'unknown' },
      { keyId: sealed.keyId },
      { ...sealed, nonce: 42 },
      null,
    ];
    for (const value of malformed) expect(await box.open(value as Sealed, AAD)).toBeNull();
  });

  it('never writes the plaintext into the sealed value', async () => {
    const sealed = await box.seal(SECRET, AAD);
    const json = JSON.stringify(sealed);
    expect(json).not.toContain(SECRET);
    expect(json).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(Object.keys(sealed).sort()).toEqual(['ciphertext', 'keyId', 'nonce']);
  });

  it('refuses keys that are not exactly 32 bytes', () => {
    expect(() => new AesGcmSecretBox({ current: Buffer.alloc(16) })).toThrow(/exactly 32 bytes/);
    expect(() => new AesGcmSecretBox({ current: KEY_A, previous: [Buffer.alloc(33)] })).toThrow(/exactly 32 bytes/);
  });

  it('derives a short key id that is stable and differs between keys', () => {
    expect(secretKeyId(KEY_A)).toMatch(/^[0-9a-f]{8}$/);
    expect(secretKeyId(Buffer.from(KEY_A))).toBe(secretKeyId(KEY_A));
    expect(secretKeyId(KEY_B)).not.toBe(secretKeyId(KEY_A));
  });
});
