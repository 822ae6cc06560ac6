import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The browser session cookie. `__Host-` pins it to this origin, path `/`, Secure; `SameSite=Strict` keeps every
 * other site's pages from sending it. It is not the REST API's session cookie (`__Host-condor_session`), which
 * these pages never read.
 */
export const BROWSER_COOKIE = '__Host-condor-session';

const ATTRIBUTES = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' } as const;

export const readBrowserToken = (c: Context): string | null => getCookie(c, BROWSER_COOKIE) ?? null;

export const setBrowserCookie = (c: Context, token: string, maxAgeSeconds: number): void => {
  setCookie(c, BROWSER_COOKIE, token, { ...ATTRIBUTES, maxAge: Math.max(0, Math.floor(maxAgeSeconds)) });
};

export const clearBrowserCookie = (c: Context): void => {
  deleteCookie(c, BROWSER_COOKIE, ATTRIBUTES);
};
