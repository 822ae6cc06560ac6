import { loginEndsWords, type LoginChoice, type LoginLinked } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';
import { renderAccountChoice } from './broker-account-page.js';

/**
 * The brokers linked by logging in there: a button each that sends the person to the broker's own login page (condor
 * never sees the password). Live only, and said so, with where to practise instead.
 */
export const renderLoginChoices = (logins: readonly LoginChoice[], token: string, csrf: string, error: string | null = null): Markup =>
  logins.length === 0
    ? markup``
    : markup`${logins.map(
        (login) => markup`<section class="card" data-role="broker-login" data-broker="${login.broker}">
<h2>Link your ${login.title} account by logging in there</h2>
<p>You log in on ${login.short}’s own page and allow condor there; condor never sees your ${login.short} password. ${login.short} has no paper account:
this links your <strong>live account — real money</strong>, and every order needs your passkey. To practise, use the simulated broker or Alpaca paper.
The login lasts 7 days; condor tells you a day before it ends.</p>
${error === null ? '' : markup`<p class="notice error" role="alert" data-role="login-error">${error}</p>`}
<form method="post" action="/broker-keys/${token}/login">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf}">
<input type="hidden" name="broker" value="${login.broker}">
<div class="actions"><button type="submit" class="approve" data-role="log-in-at-broker">Log in at ${login.short}</button></div>
</form>
</section>`,
      )}`;

/** After the broker sent the person back: when the login ends, and the account that trades on, or the accounts to choose among. */
export const renderLoginLinked = (linked: LoginLinked, csrf: string, now: number): Markup =>
  markup`<section class="card" data-role="message" data-tone="ok">
<h1>Logged in at ${linked.title}</h1>
<p class="notice ok" data-role="login-ends">${loginEndsWords(linked.title, linked.endsAt, now)}</p>
${
  linked.restored === null
    ? ''
    : markup`<p class="notice ok">Account <strong data-role="account-number">${linked.restored.accountNumber}</strong> trades on as before. You can close this page and go back to your agent or your desk.</p>`
}
</section>
${linked.accounts.kind === 'one' ? '' : renderAccountChoice(linked.accounts, csrf)}`;
