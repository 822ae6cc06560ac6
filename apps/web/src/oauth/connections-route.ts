import { browserCaller, csrfTokenFor, listConnectedClients, revokeConnectedClient, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { readBrowserToken } from '../shared/browser-cookie.js';
import { sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderConnections } from './connections-page.js';

/**
 * `GET /oauth/connections` lists the person's connected clients; `POST /oauth/connections/revoke` (browser
 * session, CSRF token, this origin) disconnects one and shows the list again. Only the browser session opens them.
 */
export function mountConnections(app: Hono<WebEnv>, services: Services): void {
  app.get('/oauth/connections', async (c) => {
    const sessionToken = readBrowserToken(c);
    const caller = await browserCaller(services, sessionToken);
    if (caller.isErr() || sessionToken === null) return c.redirect(`/login?next=${encodeURIComponent('/oauth/connections')}`, 303);
    const csrf = csrfTokenFor(services, sessionToken);
    const clients = await listConnectedClients(caller.value.userId, services);
    if (clients.isErr()) return sendErrorPage(c, clients.error, { email: caller.value.email, csrf });
    const notice = c.req.query('disconnected') === undefined ? null : 'Disconnected: that client can no longer use condor.';
    return sendPage(c, 200, { title: 'Connected clients', signedIn: { email: caller.value.email, csrf }, body: renderConnections(clients.value, csrf, notice) });
  });

  app.post('/oauth/connections/revoke', formGuard(services), async (c) => {
    const { caller, csrf, form } = c.get('post');
    const revoked = await revokeConnectedClient(caller.userId, field(form, 'connection_id') ?? '', services);
    if (revoked.isErr()) return sendErrorPage(c, revoked.error, { email: caller.email, csrf });
    return c.redirect('/oauth/connections?disconnected=1', 303);
  });
}
