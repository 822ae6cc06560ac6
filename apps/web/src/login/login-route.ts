import { endBrowserSession, startBrowserSession, type Services } from '@condor/core';
import type { Context, Hono } from 'hono';
import { clearBrowserCookie, readBrowserToken, setBrowserCookie } from '../shared/browser-cookie.js';
import { browserSession } from '../shared/browser-session.js';
import { pageStatus, sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { markup } from '../shared/markup.js';
import { renderMessage } from '../shared/message.js';
import { isOwnOrigin } from '../shared/same-origin.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderLogin } from './login-page.js';
import { safeNext } from './safe-next.js';

/** `GET /login`, `POST /login` (starts a browser session: cookie, then a 303 to a same-origin `next`), `POST /logout`. */
export function mountLogin(app: Hono<WebEnv>, services: Services): void {
  app.get('/login', async (c) => {
    const asked = c.req.query('next');
    const next = safeNext(asked);
    const session = await browserSession(c, services);
    if (session !== null) {
      if (asked !== undefined) return c.redirect(next, 303);
      const { signedIn } = session;
      return sendPage(c, 200, { title: 'Logged in', signedIn, body: renderMessage({ heading: 'You are logged in', text: `As ${signedIn.email}. Open an approval or broker-keys link to continue.`, tone: 'ok' }) });
    }
    if (readBrowserToken(c) === null && c.req.header('sec-fetch-site') === 'cross-site') return sameSiteHop(c, next);
    return sendPage(c, 200, { title: 'Log in', body: renderLogin({ next }) });
  });

  app.post('/login', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}));
    const next = safeNext(field(form, 'next'));
    const email = field(form, 'email');
    if (!isOwnOrigin({ host: c.req.header('host'), origin: c.req.header('origin'), referer: c.req.header('referer') }, services.config.publicUrl ?? null)) {
      return sendPage(c, 403, { title: 'Refused', body: renderMessage({ heading: 'Refused', text: 'This login was not sent from condor’s own login page.', tone: 'error' }) });
    }
    const started = await startBrowserSession(services, {
      email,
      password: field(form, 'password'),
      userAgent: c.req.header('user-agent') ?? null,
      address: c.get('clientIp') ?? null,
    });
    if (started.isOk()) {
      setBrowserCookie(c, started.value.token, (started.value.expiresAt - services.clock.now()) / 1000);
      return c.redirect(next, 303);
    }
    const error = started.error;
    if (error.code === 'INVALID_CREDENTIALS') {
      return sendPage(c, 401, { title: 'Log in', body: renderLogin({ next, email, error: 'Wrong email or password.' }) });
    }
    if (error.code === 'RATE_LIMITED') return sendErrorPage(c, error, null, markup`<p><a href="/login?next=${encodeURIComponent(next)}">Back to the login page</a></p>`);
    return sendPage(c, pageStatus(error), { title: 'Log in', body: renderLogin({ next, email, error: error.message ?? 'That did not work.' }) });
  });

  app.post('/logout', formGuard(services), async (c) => {
    await endBrowserSession(services, c.get('post').sessionToken);
    clearBrowserCookie(c);
    return c.redirect('/login', 303);
  });
}

/**
 * A link followed from another site arrives without the `SameSite=Strict` cookie even when this browser is
 * logged in. This page reloads the same address at once from this origin, where the cookie is sent again; the
 * reload is same-origin, so it never comes back here.
 */
function sameSiteHop(c: Context, next: string): Response {
  const self = `/login?next=${encodeURIComponent(next)}`;
  return sendPage(c, 200, {
    title: 'Log in',
    refreshTo: self,
    body: renderMessage({ heading: 'One moment', text: 'Checking whether you are logged in…', tone: 'warn', more: markup`<p><a href="${self}">Continue</a></p>` }),
  });
}
