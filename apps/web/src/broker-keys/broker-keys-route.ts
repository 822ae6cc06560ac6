import { accountsToChoose, brokerKeysPage, chooseBrokerAccount, finishBrokerLogin, saveBrokerKeysForm, startBrokerLogin, type Services } from '@condor/core';
import type { Hono } from 'hono';
import { pageStatus, sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderAccountChoice, renderAccountChosen } from './broker-account-page.js';
import { renderBrokerKeysForm, renderBrokerKeysSaved } from './broker-keys-page.js';
import { renderLoginLinked } from './broker-login-page.js';
import { keepAnswerAcrossLogin, LOGIN_CALLBACK_PATH, takeLoginAnswer } from './login-answer.js';

/**
 * `GET /broker-keys/:token[?broker=]` (the form of one broker the server takes keys for), `POST /broker-keys/:token`
 * (stores the keys, answers with the key's hint only and, where the login holds several accounts, the ones to
 * choose among) and `POST /broker-account` (records the account chosen). No key is ever written back into a page,
 * a redirect or a log line. A broker linked by logging in there (Schwab): `POST /broker-keys/:token/login` sends the
 * person to its login page, and `GET /broker-keys/schwab/callback` is where it sends them back (the query, which
 * carries the code and the state, kept across condor's own login page in a cookie of its own, never in a page).
 */
export function mountBrokerKeys(app: Hono<WebEnv>, services: Services): void {
  app.get('/broker-keys/:token', pageGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn } = c.get('session');
    const form = await brokerKeysPage(services, caller, token, c.req.query('broker'));
    if (form.isErr()) return sendErrorPage(c, form.error, signedIn);
    const formLeadsTo = form.value.logins.map((login) => login.origin);
    return sendPage(c, 200, { title: 'Broker keys', signedIn, formLeadsTo, body: renderBrokerKeysForm({ token, csrf: signedIn.csrf, ...form.value }) });
  });

  app.post('/broker-keys/:token/login', formGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn, form } = c.get('post');
    const started = await startBrokerLogin(services, caller, token, field(form, 'broker'));
    if (started.isOk()) return c.redirect(started.value.url, 303);
    const again = await brokerKeysPage(services, caller, token, undefined);
    if (again.isErr()) return sendErrorPage(c, started.error, signedIn);
    return sendPage(c, pageStatus(started.error), {
      title: 'Broker keys',
      signedIn,
      formLeadsTo: again.value.logins.map((login) => login.origin),
      body: renderBrokerKeysForm({ token, csrf: signedIn.csrf, ...again.value, loginError: started.error.message ?? 'The login did not start.' }),
    });
  });

  app.get(LOGIN_CALLBACK_PATH, keepAnswerAcrossLogin(services), pageGuard(services), async (c) => {
    const { caller, signedIn } = c.get('session');
    const linked = await finishBrokerLogin(services, caller, takeLoginAnswer(c));
    if (linked.isErr()) return sendErrorPage(c, linked.error, signedIn);
    return sendPage(c, 200, { title: 'Logged in at the broker', signedIn, body: renderLoginLinked(linked.value, signedIn.csrf, services.clock.now()) });
  });

  app.post('/broker-keys/:token', formGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn, form } = c.get('post');
    const saved = await saveBrokerKeysForm(services, caller, token, form);
    if (saved.isOk()) return sendPage(c, 200, { title: 'Keys saved', signedIn, body: renderBrokerKeysSaved(saved.value, signedIn.csrf) });
    // While the link still works, the same broker's form again (empty) with the reason; otherwise the error alone.
    const again = await brokerKeysPage(services, caller, token, field(form, 'broker'));
    if (again.isErr()) return sendErrorPage(c, saved.error, signedIn);
    return sendPage(c, pageStatus(saved.error), {
      title: 'Broker keys',
      signedIn,
      body: renderBrokerKeysForm({ token, csrf: signedIn.csrf, ...again.value, error: saved.error.message ?? 'These keys were not accepted.' }),
    });
  });

  app.post('/broker-account', formGuard(services), async (c) => {
    const { caller, signedIn, form } = c.get('post');
    const chosen = await chooseBrokerAccount(services, caller, field(form, 'account_number'));
    if (chosen.isOk()) return sendPage(c, 200, { title: 'Account chosen', signedIn, body: renderAccountChosen(chosen.value.link.account_number ?? '') });
    // The accounts again with the reason, where they can still be listed; otherwise the error alone.
    const accounts = await accountsToChoose(services, caller);
    if (!accounts.isOk() || accounts.value.kind !== 'choose') return sendErrorPage(c, chosen.error, signedIn);
    return sendPage(c, pageStatus(chosen.error), {
      title: 'Choose the account',
      signedIn,
      body: renderAccountChoice(accounts.value, signedIn.csrf, chosen.error.message ?? 'This account was not accepted.'),
    });
  });
}
