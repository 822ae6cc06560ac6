import { VERIFY_LINK_WORDS, verifyEmail, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { browserSession } from '../shared/browser-session.js';
import { markup } from '../shared/markup.js';
import { renderMessage } from '../shared/message.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { VERIFY_LINK_STATUS } from './refusal-statuses.js';

/**
 * `GET /verify-email/:token`: the link in the verification mail. It works without a login (the mail may be opened on
 * another device) and once: it marks the account's address verified, or says in words why it did nothing. The token
 * is a credential: the access log writes `/verify-email/:token` (see `withoutLinkTokens`).
 */
export function mountVerifyEmail(app: Hono<WebEnv>, services: Services): void {
  app.get('/verify-email/:token', async (c) => {
    const [verified, session] = await Promise.all([verifyEmail(services, c.req.param('token')), browserSession(c, services)]);
    const signedIn = session?.signedIn ?? null;
    const next = markup`<p><a href="${signedIn === null ? '/login?next=%2Fsettings' : '/settings'}">${signedIn === null ? 'Log in to condor' : 'Your settings'}</a></p>`;
    if (verified.isErr()) {
      return sendPage(c, VERIFY_LINK_STATUS[verified.error], {
        title: 'Address not verified',
        signedIn,
        body: renderMessage({ heading: 'Address not verified', text: VERIFY_LINK_WORDS[verified.error], tone: 'error', more: next }),
      });
    }
    services.logger.info('email_verified');
    return sendPage(c, 200, {
      title: 'Address verified',
      signedIn,
      body: renderMessage({ heading: 'Address verified', text: `Your address ${verified.value.email} is verified: condor mails you the news you choose on your settings page.`, tone: 'ok', more: next }),
    });
  });
}
