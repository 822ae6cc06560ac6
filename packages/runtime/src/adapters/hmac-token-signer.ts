import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccessClaims, TokenSigner } from '@condor/core';

const HEADER = { alg: 'HS256', typ: 'at+jwt' } as const;
const ISSUER = 'condor';
const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Access tokens as compact JWS (HS256, RFC 8725 practice): the algorithm and the explicit type
 * `at+jwt` are fixed, never read from the token; the issuer is checked. The audience is condor itself, or the resource
 * (RFC 8707) an OAuth token is bound to — returned as `resource` for the caller to check against where it is used.
 */
export class HmacTokenSigner implements TokenSigner {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('The token signing key must be at least 32 bytes.');
  }

  sign(claims: AccessClaims): string {
    const { resource, clientId, ...rest } = claims;
    const body = { iss: ISSUER, aud: resource ?? ISSUER, ...rest, ...(clientId === undefined ? {} : { client_id: clientId }) };
    const unsigned = `${encode(HEADER)}.${encode(body)}`;
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
    const { iss, aud, sub, sid, iat, exp, scope, client_id: clientId } = body;
    if (iss !== ISSUER || typeof aud !== 'string') return null;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if ((scope !== undefined && typeof scope !== 'string') || (clientId !== undefined && typeof clientId !== 'string')) return null;
    return {
      sub,
      sid,
      iat,
      exp,
      ...(scope === undefined ? {} : { scope }),
      ...(aud === ISSUER ? {} : { resource: aud }),
      ...(clientId === undefined ? {} : { clientId }),
    };
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
