import type { Services } from '@condor/core';
import { Hono } from 'hono';
import { withoutLinkTokens } from './shared/link-paths.js';
import { sendPage } from './shared/send-page.js';
import type { WebEnv } from './shared/web-env.js';
import { mountApproval } from './approval/approval-route.js';
import { mountBrokerKeys } from './broker-keys/broker-keys-route.js';
import { mountApiKeys } from './api-keys/api-keys-route.js';
import { mountCreateAccount } from './desk/create-account-route.js';
import { mountDesk } from './desk/desk-route.js';
import { mountLogin } from './login/login-route.js';
import { mountSettings } from './settings/settings-route.js';
import { mountPasskeys } from './passkeys/passkeys-route.js';
import { mountServiceWorker } from './push/service-worker-route.js';
import { mountVerifyEmail } from './settings/verify-email-route.js';
import { renderMessage } from './shared/message.js';

/**
 * condor's pages for people, as a Hono app to mount at `/`: the desk at `/` (the welcome page logged out),
 * `/create-account`, `/login`, `/logout`, `/approve/:token…`, `/broker-keys/:token`, `/api-keys`, `/settings`,
 * `/verify-email/:token` and the service worker `/sw.js`. They act only for a browser session (the `__Host-condor-session` cookie); every post
 * also needs the session's CSRF token and this origin. A failure inside them is answered with a page too.
 *
 * @example app.route('/', webRoutes(services))
 */
export function webRoutes(services: Services): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  mountDesk(app, services);
  mountCreateAccount(app, services);
  mountLogin(app, services);
  mountApproval(app, services);
  mountBrokerKeys(app, services);
  mountApiKeys(app, services);
  mountSettings(app, services);
  mountPasskeys(app, services);
  mountVerifyEmail(app, services);
  mountServiceWorker(app);
  app.onError((error, c) => {
    services.logger.error('page_failed', { path: withoutLinkTokens(c.req.path).slice(0, 200), error: error.stack ?? error.message });
    return sendPage(c, 500, {
      title: 'Something went wrong',
      body: renderMessage({ heading: 'Something went wrong', text: 'condor could not show this page. Nothing was placed by this request; try again.', tone: 'error' }),
    });
  });
  return app;
}
