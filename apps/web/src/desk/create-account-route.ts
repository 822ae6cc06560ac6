import { execute, startBrowserSession, type Services } from '@condor/core';
import type { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { setBrowserCookie } from '../shared/browser-cookie.js';
import { browserSession } from '../shared/browser-session.js';
import { field } from '../shared/form-field.js';
import { renderMessage } from '../shared/message.js';
import { isOwnOrigin } from '../shared/same-origin.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderCreateAccount } from './create-account-page.js';

/**
 * `GET /create-account` (the form; a logged-in browser goes to its desk) and `POST /create-account` (register, as the
 * `register` tool does, then a browser session for it, and on to the desk). The post must come from this origin.
 */
export function mountCreateAccount(app: Hono<WebEnv>, services: Services): void {
  app.get('/create-account', async (c) => {
    if ((await browserSession(c, services)) !== null) return c.redirect('/', 303);
    return sendPage(c, 200, { title: 'Create an account', body: renderCreateAccount({}) });
  });

  app.post('/create-account', async (c) => {
    if (!isOwnOrigin({ host: c.req.header('host'), origin: c.req.header('origin'), referer: c.req.header('referer') }, services.config.publicUrl ?? null)) {
      return sendPage(c, 403, { title: 'Refused', body: renderMessage({ heading: 'Refused', text: 'This form was not sent from condor’s own page.', tone: 'error' }) });
    }
    const form = await c.req.parseBody().catch(() => ({}));
    const [email, password] = [field(form, 'email'), field(form, 'password')];
    const clientIp = c.get('clientIp') ?? null;
    const registered = await execute('register', { email, password }, { services, credential: null, requestId: 'create-account', batchKey: null, clientIp });
    if (registered.isErr()) {
      const { status, body } = registered.error;
      return sendPage(c, status as ContentfulStatusCode, { title: 'Create an account', body: renderCreateAccount({ email, error: body.message }) });
    }
    const started = await startBrowserSession(services, { email, password, userAgent: c.req.header('user-agent') ?? null, address: clientIp });
    if (started.isErr()) return c.redirect('/login?next=%2F', 303);
    setBrowserCookie(c, started.value.token, (started.value.expiresAt - services.clock.now()) / 1000);
    return c.redirect('/', 303);
  });
}
