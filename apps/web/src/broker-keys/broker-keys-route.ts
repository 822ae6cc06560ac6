import { brokerKeysForm, setBrokerKeysByLink, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { pageStatus, sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderBrokerKeysForm, renderBrokerKeysSaved } from './broker-keys-page.js';

/**
 * `GET /broker-keys/:token` (the form) and `POST /broker-keys/:token` (stores the pair, answers with its hint
 * only). Neither the key nor the secret is ever written back into a page, a redirect or a log line.
 */
export function mountBrokerKeys(app: Hono<WebEnv>, services: Services): void {
  app.get('/broker-keys/:token', pageGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn } = c.get('session');
    const form = await brokerKeysForm(services, caller, token);
    if (form.isErr()) return sendErrorPage(c, form.error, signedIn);
    return sendPage(c, 200, { title: 'Broker keys', signedIn, body: renderBrokerKeysForm({ token, csrf: signedIn.csrf, ...form.value }) });
  });

  app.post('/broker-keys/:token', formGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn, form } = c.get('post');
    const saved = await setBrokerKeysByLink(services, caller, token, {
      api_key: field(form, 'api_key'),
      api_secret: field(form, 'api_secret'),
      environment: field(form, 'environment') ?? 'paper',
    });
    if (saved.isOk()) return sendPage(c, 200, { title: 'Keys saved', signedIn, body: renderBrokerKeysSaved(saved.value.keyHint, saved.value.environment) });
    // While the link still works, the form again (empty) with the reason; otherwise the error alone.
    const again = await brokerKeysForm(services, caller, token);
    if (again.isErr()) return sendErrorPage(c, saved.error, signedIn);
    return sendPage(c, pageStatus(saved.error), {
      title: 'Broker keys',
      signedIn,
      body: renderBrokerKeysForm({ token, csrf: signedIn.csrf, ...again.value, error: saved.error.message ?? 'These keys were not accepted.' }),
    });
  });
}
