import { readSessionCookie } from './session-cookie.js';

/** Where the credential of a request came from; CSRF checks apply only to `cookie`. */
export type CredentialSource = 'header' | 'cookie' | 'none';

export interface FoundCredential {
  readonly credential: string | null;
  readonly source: CredentialSource;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The credential in an `Authorization` header: the token of `Bearer <token>`; any other
 * non-blank value verbatim, so the core answers SESSION_INVALID rather than UNAUTHORIZED.
 * A missing or blank header gives null.
 */
export function credentialFromAuthorization(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  return BEARER.exec(header)?.[1] ?? header;
}

/** The request's credential: the `Authorization` header first, then the session cookie. */
export function findCredential(headers: Headers): FoundCredential {
  const fromHeader = credentialFromAuthorization(headers.get('Authorization') ?? undefined);
  if (fromHeader !== null) return { credential: fromHeader, source: 'header' };
  const fromCookie = readSessionCookie(headers.get('Cookie'));
  if (fromCookie !== undefined && fromCookie !== '') return { credential: fromCookie, source: 'cookie' };
  return { credential: null, source: 'none' };
}
