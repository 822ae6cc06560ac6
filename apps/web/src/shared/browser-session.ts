import { browserCaller, csrfTokenFor, type BrowserCaller, type Services } from '@condor/core';
import type { Context } from 'hono';
import { readBrowserToken } from './browser-cookie.js';
import type { SignedIn } from './layout.js';

/** A live browser session: its person, its token, and what a page shows them (their email, the CSRF token). */
export interface BrowserSession {
  readonly caller: BrowserCaller;
  readonly sessionToken: string;
  readonly signedIn: SignedIn;
}

/**
 * The browser session this request's `__Host-condor-session` cookie opens, or null when there is none or it has
 * ended. An `Authorization` header or the API's session cookie is never read: an agent's credentials open no page.
 */
export async function browserSession(c: Context, services: Services): Promise<BrowserSession | null> {
  const sessionToken = readBrowserToken(c);
  if (sessionToken === null) return null;
  const caller = await browserCaller(services, sessionToken);
  if (caller.isErr()) return null;
  return { caller: caller.value, sessionToken, signedIn: { email: caller.value.email, csrf: csrfTokenFor(services, sessionToken) } };
}
