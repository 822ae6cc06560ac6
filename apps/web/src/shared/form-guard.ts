import type { Services } from '@condor/core';
import type { Context, MiddlewareHandler } from 'hono';
import { renderMessage } from './message.js';
import { browserSession } from './browser-session.js';
import { CSRF_FIELD, csrfMatches } from './csrf-field.js';
import { field } from './form-field.js';
import { isOwnOrigin } from './same-origin.js';
import { sendPage } from './send-page.js';
import type { WebEnv } from './web-env.js';

/**
 * Lets a form post through only when it comes from this origin (`Origin`, else `Referer`), carries a live
 * browser session cookie, and its CSRF field equals that session's token; anything else gets a 403 page.
 * Only the `__Host-condor-session` cookie counts: an `Authorization` header or the API's session cookie
 * opens nothing here. Sets `c.var.post`.
 */
export const formGuard =
  (services: Services): MiddlewareHandler<WebEnv> =>
  async (c, next) => {
    const headers = { host: c.req.header('host'), origin: c.req.header('origin'), referer: c.req.header('referer') };
    if (!isOwnOrigin(headers, services.config.publicUrl ?? null)) {
      return refuse(c, 'This form was not sent from condor’s own page, so nothing was done. Open the page again and use its buttons.');
    }
    const session = await browserSession(c, services);
    if (session === null) {
      return refuse(c, 'You are not logged in here, or your browser session has ended, so nothing was done. Log in and open the link again.');
    }
    const form = await c.req.parseBody().catch(() => ({}));
    if (!csrfMatches(session.signedIn.csrf, field(form, CSRF_FIELD))) {
      return refuse(c, 'This form’s security token does not match your session, so nothing was done. Reload the page and try again.');
    }
    c.set('post', { ...session, form });
    await next();
  };

const refuse = (c: Context, text: string): Response =>
  sendPage(c, 403, { title: 'Refused', body: renderMessage({ heading: 'Refused', text, tone: 'error' }) });
