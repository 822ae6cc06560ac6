import { createECDH, createPrivateKey, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyVapid } from './vapid-verification.js';

const NOW = 1_800_000_000;
const AUDIENCE = 'http://127.0.0.1:4000';

const signer = createECDH('prime256v1');
signer.generateKeys();
const point = signer.getPublicKey();
const publicKey = point.toString('base64url');
const privateKey = createPrivateKey({
  key: { kty: 'EC', crv: 'P-256', d: signer.getPrivateKey('base64url'), x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
  format: 'jwk',
});

const part = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const header = (claims: Record<string, unknown>, k = publicKey): string => {
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  return `vapid t=${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}, k=${k}`;
};
const good = { aud: AUDIENCE, exp: NOW + 3600, sub: 'mailto:ops@example.com' };
const verdict = (value: string | undefined) => verifyVapid(value, { audience: AUDIENCE, nowSeconds: NOW });

describe('verifyVapid', () => {
  it('accepts an ES256 token signed by k for this origin', () => {
    expect(verdict(header(good))).toEqual({ valid: true, claims: good, publicKey });
  });

  it.each([
    ['another audience', { ...good, aud: 'https://push.example' }, /aud/],
    ['an expired token', { ...good, exp: NOW - 1 }, /past/],
    ['a token living over 24 h', { ...good, exp: NOW + 24 * 3600 + 1 }, /24 hours/],
    ['a subject that is no contact', { ...good, sub: 'ops' }, /sub/],
  ])('refuses %s', (_, claims, reason) => {
    expect(verdict(header(claims))).toEqual({ valid: false, reason: expect.stringMatching(reason) });
  });

  it('refuses a token signed by another key than k, and a missing header', () => {
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(verdict(header(good, other.getPublicKey('base64url')))).toEqual({ valid: false, reason: expect.stringMatching(/signature/) });
    expect(verdict(undefined)).toEqual({ valid: false, reason: expect.stringMatching(/vapid scheme/) });
  });
});
