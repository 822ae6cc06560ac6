import type { AccessClaims, TokenSigner } from '@condor/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { HmacTokenSigner } from '../adapters/hmac-token-signer.js';
import { CachedTokenSigner } from './cached-token-signer.js';

const KEY = Buffer.alloc(32, 7);
const claimsOf = (n: number): AccessClaims => ({ sub: `user-${String(n)}`, sid: `session-${String(n)}`, iat: 1_767_623_400 + n, exp: 1_767_624_300 + n });

/** The real signer, counting the verifications that reach it. */
function counted(): { signer: TokenSigner; calls: () => number } {
  const inner = new HmacTokenSigner(KEY);
  let calls = 0;
  return {
    signer: { sign: (claims) => inner.sign(claims), verify: (token) => { calls++; return inner.verify(token); } },
    calls: () => calls,
  };
}

describe('CachedTokenSigner', () => {
  test.prop([fc.array(fc.oneof(fc.nat({ max: 20 }).map((n) => ({ sign: n })), fc.string().map((text) => ({ text }))), { maxLength: 60 }), fc.nat({ max: 40 })])(
    'answers every text exactly as the signer does, first time and again (signed, tampered, or junk)',
    (steps, flip) => {
      const plain = new HmacTokenSigner(KEY);
      const cached = new CachedTokenSigner(new HmacTokenSigner(KEY), 8);
      for (const step of steps) {
        const token = 'sign' in step ? plain.sign(claimsOf(step.sign)) : step.text;
        const tampered = token.length === 0 ? token : `${token.slice(0, flip % token.length)}${token[flip % token.length] === 'A' ? 'B' : 'A'}${token.slice((flip % token.length) + 1)}`;
        for (const text of [token, tampered, token]) expect(cached.verify(text)).toEqual(plain.verify(text));
      }
    },
  );

  it('verifies a good token once, and never keeps a bad one', () => {
    const { signer, calls } = counted();
    const cached = new CachedTokenSigner(signer);
    const token = signer.sign(claimsOf(1));
    expect(cached.verify(token)).toEqual(claimsOf(1));
    expect(cached.verify(token)).toEqual(claimsOf(1));
    expect(calls()).toBe(1);
    const forged = `${token.slice(0, -2)}xx`;
    expect(cached.verify(forged)).toBeNull();
    expect(cached.verify(forged)).toBeNull();
    expect(calls()).toBe(3);
  });

  it('holds at most its capacity, dropping the oldest first', () => {
    const { signer, calls } = counted();
    const cached = new CachedTokenSigner(signer, 2);
    const [a, b, c] = [1, 2, 3].map((n) => signer.sign(claimsOf(n))) as [string, string, string];
    for (const token of [a, b, c]) cached.verify(token);
    expect(calls()).toBe(3);
    cached.verify(c);
    cached.verify(b);
    expect(calls()).toBe(3);
    cached.verify(a);
    expect(calls()).toBe(4);
  });

  it('hands out claims nobody can change for the next request', () => {
    const { signer } = counted();
    const cached = new CachedTokenSigner(signer);
    const token = signer.sign(claimsOf(1));
    const claims = cached.verify(token) as { sub: string };
    expect(() => {
      claims.sub = 'someone-else';
    }).toThrow(TypeError);
    expect(cached.verify(token)?.sub).toBe('user-1');
  });
});
