import { sign, type KeyObject } from 'node:crypto';

/** Push services refuse a token that lives longer than 24 h (RFC 8292 §2); half that leaves room for clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

export interface VapidTokenInput {
  /** The push service's origin (scheme, host and port of the endpoint). */
  readonly audience: string;
  /** `mailto:` or `https:` contact of the operator. */
  readonly subject: string;
  readonly publicKey: string;
  readonly signingKey: KeyObject;
  /** Epoch milliseconds. */
  readonly now: number;
}

const encodeJson = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The `Authorization` header value of RFC 8292 §3: `vapid t=<ES256 JWT>, k=<public key>`.
 * @example
 * vapidAuthorization({ audience: 'https://fcm.googleapis.com', subject: 'mailto:ops@example.com', publicKey, signingKey, now: clock.now() })
 */
export function vapidAuthorization(input: VapidTokenInput): string {
  const header = encodeJson({ typ: 'JWT', alg: 'ES256' });
  const claims = encodeJson({ aud: input.audience, exp: Math.floor(input.now / 1000) + VAPID_TOKEN_SECONDS, sub: input.subject });
  const signingInput = `${header}.${claims}`;
  // JOSE wants the raw r||s form, not the DER that node signs by default.
  const signature = sign('sha256', Buffer.from(signingInput), { key: input.signingKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${signingInput}.${signature.toString('base64url')}, k=${input.publicKey}`;
}
