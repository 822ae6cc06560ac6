import { createPublicKey, verify } from 'node:crypto';

export interface VapidClaims {
  readonly aud: string;
  readonly exp: number;
  readonly sub: string;
}

export type VapidVerdict =
  | { readonly valid: true; readonly claims: VapidClaims; readonly publicKey: string }
  | { readonly valid: false; readonly reason: string };

const DAY_SECONDS = 24 * 60 * 60;

const parseJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Checks an `Authorization: vapid t=…, k=…` header as a push service does (RFC 8292 §2–3): an ES256 JWT signed by
 * `k`, `aud` the push service's origin, `exp` in the future and at most 24 h away, `sub` a mailto: or https: contact.
 */
export function verifyVapid(header: string | undefined, expected: { readonly audience: string; readonly nowSeconds: number }): VapidVerdict {
  const scheme = /^vapid\s+(.*)$/i.exec(header ?? '');
  if (scheme === null) return { valid: false, reason: 'no Authorization header with the vapid scheme' };
  const params = new Map(scheme[1]!.split(',').map((pair) => {
    const [name = '', ...value] = pair.trim().split('=');
    return [name.trim(), value.join('=').trim()] as const;
  }));
  const token = params.get('t');
  const publicKey = params.get('k');
  if (token === undefined || publicKey === undefined) return { valid: false, reason: 'the vapid header lacks t= or k=' };
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return { valid: false, reason: 'k is not an uncompressed P-256 point' };

  const [headerPart = '', claimsPart = '', signaturePart = '', ...rest] = token.split('.');
  if (rest.length > 0 || signaturePart === '') return { valid: false, reason: 'the token is not a JWS compact serialisation' };
  const jwtHeader = parseJson(headerPart) as { alg?: unknown } | undefined;
  if (jwtHeader?.alg !== 'ES256') return { valid: false, reason: 'the token is not ES256' };

  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== 64 || !verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    return { valid: false, reason: 'the token signature does not verify against k' };
  }
  const claims = parseJson(claimsPart) as Partial<Record<keyof VapidClaims, unknown>> | undefined;
  if (claims?.aud !== expected.audience) return { valid: false, reason: `aud is not ${expected.audience}` };
  if (typeof claims.exp !== 'number' || claims.exp <= expected.nowSeconds) return { valid: false, reason: 'exp is missing or past' };
  if (claims.exp > expected.nowSeconds + DAY_SECONDS) return { valid: false, reason: 'exp is more than 24 hours ahead' };
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return { valid: false, reason: 'sub is not a mailto: or https: contact' };
  return { valid: true, claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, publicKey };
}
