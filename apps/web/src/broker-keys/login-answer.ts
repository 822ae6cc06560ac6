import { BROKERS, type Services } from '@condor/core';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { browserSession } from '../shared/browser-session.js';
import type { WebEnv } from '../shared/web-env.js';

/** The broker's answer to a login, as its callback page is given it: the state, and the code or the error. */
export interface LoginAnswer {
  readonly state: string | undefined;
  readonly code: string | undefined;
  readonly error: string | undefined;
}

/** Where Schwab sends the person back; the registered callback is the public URL plus it. */
export const LOGIN_CALLBACK_PATH = BROKERS.schwab.login.callbackPath;

const COOKIE = '__Host-condor-broker-login';
const ATTRIBUTES = { path: '/', secure: true, httpOnly: true, sameSite: 'Strict' } as const;
/** As long as the login's sealed state lasts: an answer kept longer would be refused anyway. */
const KEPT_SECONDS = 600;
const NAMES = ['state', 'code', 'error'] as const;

const answerOf = (query: URLSearchParams): LoginAnswer => ({ state: query.get('state') ?? undefined, code: query.get('code') ?? undefined, error: query.get('error') ?? undefined });
const carriesAnswer = (query: URLSearchParams): boolean => NAMES.some((name) => query.has(name));

/**
 * Before the page guard: a broker's answer arriving without a live browser session (always, from the broker's site:
 * the session cookie is `SameSite=Strict`) is kept in a short-lived cookie of its own, and the person goes through
 * condor's login with the bare callback path as `next`. The code thus never sits in a page, as it would in the login
 * page's same-site hop (a refresh to `/login?next=<the callback with its query>`), nor in the login form.
 */
export const keepAnswerAcrossLogin =
  (services: Services): MiddlewareHandler<WebEnv> =>
  async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    if (carriesAnswer(query) && (await browserSession(c, services)) === null) {
      const kept = new URLSearchParams(NAMES.flatMap((name): [string, string][] => { const value = query.get(name); return value === null ? [] : [[name, value]]; }));
      setCookie(c, COOKIE, kept.toString(), { ...ATTRIBUTES, maxAge: KEPT_SECONDS });
      return c.redirect(`/login?next=${encodeURIComponent(LOGIN_CALLBACK_PATH)}`, 303);
    }
    await next();
  };

/** The answer the callback page was given: its query's, or else the one kept across the login. A kept one is cleared either way. */
export function takeLoginAnswer(c: Context): LoginAnswer {
  const kept = getCookie(c, COOKIE);
  if (kept !== undefined) deleteCookie(c, COOKIE, ATTRIBUTES);
  const query = new URL(c.req.url).searchParams;
  return answerOf(carriesAnswer(query) || kept === undefined ? query : new URLSearchParams(kept));
}
