import type { Services } from '@condor/core';
import type { Context, MiddlewareHandler } from 'hono';
import { browserSession } from './browser-session.js';
import type { WebEnv } from './web-env.js';

export interface PageGuardOptions {
  /**
   * Come back from the login page with the query too, for a page whose request lives in it (`/oauth/authorize`).
   * Otherwise the path alone: a query such as `?revoked=1` reports a post and means nothing after a login.
   */
  readonly keepQuery?: boolean;
  /** What a visitor without a session gets instead of the login page (the welcome page at `/`). */
  readonly otherwise?: (c: Context) => Response;
}

/**
 * Opens a page only for a live browser session, and sets `c.var.session` (the person, their session token, and
 * the email and CSRF token the page shows). Anyone else is sent to the login page, which brings them back here
 * once logged in (or gets `otherwise`). Every signed-in page is reached through it, as every form post is through the form guard.
 *
 * @example app.get('/api-keys', pageGuard(services), (c) => showKeys(c, c.get('session')))
 */
export const pageGuard =
  (services: Services, options: PageGuardOptions = {}): MiddlewareHandler<WebEnv> =>
  async (c, next) => {
    const session = await browserSession(c, services);
    if (session === null) {
      if (options.otherwise !== undefined) return options.otherwise(c);
      const asked = new URL(c.req.url);
      const back = options.keepQuery === true ? `${asked.pathname}${asked.search}` : asked.pathname;
      return c.redirect(`/login?next=${encodeURIComponent(back)}`, 303);
    }
    c.set('session', session);
    await next();
  };
