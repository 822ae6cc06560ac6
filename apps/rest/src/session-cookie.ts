import type { SessionEffect } from '@condor/core';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** The REST session cookie; the `__Host-` prefix pins it to this origin, path `/`, HTTPS only. */
export const SESSION_COOKIE = '__Host-condor_session';

const ATTRIBUTES = { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' } as const;

/** The access token held in the session cookie, if the request carries one. */
export const readSessionCookie = (c: Context): string | undefined => getCookie(c, SESSION_COOKIE);

/** Sets (`issued`) or clears (`ended`) the session cookie after a successful operation. */
export function applySessionEffect(c: Context, effect: SessionEffect | null): void {
  if (effect === null) return;
  switch (effect.kind) {
    case 'issued':
      setCookie(c, SESSION_COOKIE, effect.accessToken, { ...ATTRIBUTES, maxAge: Math.max(0, Math.floor(effect.expiresInSeconds)) });
      return;
    case 'ended':
      deleteCookie(c, SESSION_COOKIE, ATTRIBUTES);
      return;
  }
}
