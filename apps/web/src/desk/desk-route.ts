import { deskApprovalLink, deskBrokerKeysLink, personDesk, type BrowserCaller, type DeskView, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { sendErrorPage } from '../shared/error-page.js';
import { formGuard } from '../shared/form-guard.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { DESK_PARTS_PATH, renderDesk, renderDeskParts } from './desk-page.js';
import { DESK_SCRIPT } from './desk-script.js';
import { renderWelcome } from './welcome-page.js';

const readDesk = (services: Services, caller: BrowserCaller): Promise<DeskView> => personDesk(services, caller).match((view) => view, (never) => never);

/**
 * `GET /` (the person's desk; without a session, the welcome page), `GET /desk/parts` (the desk's parts again, for its
 * script), `GET /desk/approvals/:proposal_id` (a fresh approval link to one of the person's waiting proposals) and
 * `POST /desk/broker-keys` (a broker-keys page of the person's own). Only a browser session opens them.
 */
export function mountDesk(app: Hono<WebEnv>, services: Services): void {
  const welcome = pageGuard(services, { otherwise: (c) => sendPage(c, 200, { title: 'Welcome', body: renderWelcome() }) });
  app.get('/', welcome, async (c) => {
    const { caller, signedIn } = c.get('session');
    const view = await readDesk(services, caller);
    return sendPage(c, 200, { title: 'Your desk', signedIn, wide: true, script: DESK_SCRIPT, fetchesSelf: true, body: renderDesk(view, signedIn.csrf) });
  });

  app.get(DESK_PARTS_PATH, pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const view = await readDesk(services, caller);
    return c.html(renderDeskParts(view, signedIn.csrf).toString(), 200, { 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" });
  });

  app.get('/desk/approvals/:proposal_id', pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const token = await deskApprovalLink(services, caller, c.req.param('proposal_id'));
    if (token.isErr()) return sendErrorPage(c, token.error, signedIn);
    return c.redirect(`/approve/${token.value}`, 303);
  });

  app.post('/desk/broker-keys', formGuard(services), async (c) => {
    const token = await deskBrokerKeysLink(services, c.get('post').caller);
    return c.redirect(`/broker-keys/${token.match((value) => value, (never) => never)}`, 303);
  });
}
