import type { SessionEffect } from '@condor/core';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';

/** The REST session cookie; the `__Host-` prefix pins it to this origin, path `/`, HTTPS only. */
export const SESSION_COOKIE = '__Host-condor_session';

const ATTRIBUTES = { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' } as const;

/** The access token held in the session cookie of a `Cookie` header, if it carries one. */
export const readSessionCookie = (cookieHeader: string | null): string | undefined =>
  cookieHeader === null || cookieHeader === '' ? undefined : parse(cookieHeader, SESSION_COOKIE)[SESSION_COOKIE];

/** The `Set-Cookie` value that sets (`issued`) or clears (`ended`) the session cookie after a successful operation. */
export function sessionCookieHeader(effect: SessionEffect): string {
  switch (effect.kind) {
    case 'issued':
      return generateCookie(SESSION_COOKIE, effect.accessToken, { ...ATTRIBUTES, maxAge: Math.max(0, Math.floor(effect.expiresInSeconds)) });
    case 'ended':
      return generateCookie(SESSION_COOKIE, '', { ...ATTRIBUTES, maxAge: 0 });
  }
}
