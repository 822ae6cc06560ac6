import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccessClaims, TokenSigner } from '@condor/core';

const HEADER = { alg: 'HS256', typ: 'at+jwt' } as const;
const ISSUER = 'condor';
const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Access tokens as compact JWS (HS256, RFC 8725 practice): the algorithm and the explicit type
 * `at+jwt` are fixed, never read from the token; issuer and audience are checked.
 */
export class HmacTokenSigner implements TokenSigner {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('The token signing key must be at least 32 bytes.');
  }

  sign(claims: AccessClaims): string {
    const unsigned = `${encode(HEADER)}.${encode({ iss: ISSUER, aud: ISSUER, ...claims })}`;
    return `${unsigned}.${this.mac(unsigned).toString('base64url')}`;
  }

  verify(token: string): AccessClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = this.mac(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = decode(header);
    const body = decode(payload);
    if (head?.alg !== HEADER.alg || head.typ !== HEADER.typ || body === null) return null;
    const { iss, aud, sub, sid, iat, exp } = body;
    if (iss !== ISSUER || aud !== ISSUER) return null;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { sub, sid, iat, exp };
  }

  private mac(text: string): Buffer {
    return createHmac('sha256', this.key).update(text).digest();
  }
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
