import { listConnectedClients, revokeConnectedClient, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderConnections } from './connections-page.js';

/**
 * `GET /oauth/connections` lists the person's connected clients; `POST /oauth/connections/revoke` (browser
 * session, CSRF token, this origin) disconnects one and shows the list again. Only the browser session opens them.
 */
export function mountConnections(app: Hono<WebEnv>, services: Services): void {
  app.get('/oauth/connections', pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const clients = await listConnectedClients(caller.userId, services);
    if (clients.isErr()) return sendErrorPage(c, clients.error, signedIn);
    const notice = c.req.query('disconnected') === undefined ? null : 'Disconnected: that client can no longer use condor.';
    return sendPage(c, 200, { title: 'Connected clients', signedIn, body: renderConnections(clients.value, signedIn.csrf, notice) });
  });

  app.post('/oauth/connections/revoke', formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const revoked = await revokeConnectedClient(caller.userId, field(form, 'connection_id') ?? '', services);
    if (revoked.isErr()) return sendErrorPage(c, revoked.error, signedIn);
    return c.redirect('/oauth/connections?disconnected=1', 303);
  });
}
