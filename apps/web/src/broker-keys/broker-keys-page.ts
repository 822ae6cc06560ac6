import { newYorkTime, type BrokerKeysChoice, type BrokerKeysPageView, type BrokerKeysSaved } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';
import { renderAccountChoice } from './broker-account-page.js';
import { renderLoginChoices } from './broker-login-page.js';

export interface BrokerKeysForm extends BrokerKeysPageView {
  readonly token: string;
  readonly csrf: string;
  readonly error?: string | null;
  /** Why the login at a broker did not start (shown by its button). */
  readonly loginError?: string | null;
}

/** The brokers offered, as links to each one's form (no script needed); none where there is only one. */
const brokerLinks = (form: BrokerKeysForm, selected: BrokerKeysChoice): Markup =>
  form.brokers.length < 2
    ? markup``
    : markup`<nav class="brokers" aria-label="Broker" data-role="brokers">Broker: ${form.brokers.map(
        (choice) =>
          markup`<a href="/broker-keys/${form.token}?broker=${choice.broker}" data-broker="${choice.broker}"${choice.broker === selected.broker ? markup` aria-current="page"` : ''}>${choice.title}</a> `,
      )}</nav>`;

/**
 * Each field masked and long enough for any token the broker issues (tastytrade's refresh tokens run to thousands of
 * characters; the server takes up to 4,096).
 */
const keyFields = (selected: BrokerKeysChoice): Markup[] =>
  selected.fields.map(
    (field, index) => markup`<label for="${field.name}">${field.label}</label>
<input id="${field.name}" name="${field.name}" type="password" required spellcheck="false" autocomplete="${index === 0 ? 'off' : 'new-password'}">`,
  );

/**
 * The form where a person types their broker's keys, so they never pass through the AI agent's transcript: the
 * brokers this server takes keys for, and the chosen one's fields under its own names. The fields are never filled
 * in again (not even after an error), and nothing typed is ever shown back.
 */
export const renderBrokerKeysForm = (form: BrokerKeysForm): Markup => {
  const selected = form.selected;
  const logins = renderLoginChoices(form.logins, form.token, form.csrf, form.loginError ?? null);
  if (selected === null) {
    if (form.logins.length > 0) return logins;
    return markup`<section class="card"><h1>Broker keys</h1><p class="notice warn">This server links no broker that takes keys.</p></section>`;
  }
  const [first, second] = selected.fields;
  return markup`<section class="card" data-role="broker-keys" data-broker="${selected.broker}">
<h1>Connect your ${selected.title} account</h1>
${brokerLinks(form, selected)}
<p>Enter the ${first?.label ?? ''} and the ${second?.label ?? ''} of your ${selected.title} account. condor stores them sealed; your AI agent never sees them.
This link works once, until ${newYorkTime(form.expiresAt)}.</p>
${form.error ? markup`<p class="notice error" role="alert" data-role="keys-error">${form.error}</p>` : ''}
<form method="post" action="/broker-keys/${form.token}" autocomplete="off">
<input type="hidden" name="${CSRF_FIELD}" value="${form.csrf}">
<input type="hidden" name="broker" value="${selected.broker}">
${keyFields(selected)}
<fieldset><legend>Account</legend>
${selected.environments.map((environment, index) => markup`<label><input type="radio" name="environment" value="${environment.value}"${index === 0 ? markup` checked` : ''}> ${environment.words}</label>`)}
${selected.liveRefused ? markup`<span class="muted">Live keys are not accepted on this server.</span>` : ''}
</fieldset>
<div class="actions"><button type="submit" class="approve">Save keys</button></div>
</form>
</section>
${logins}`;
};

/** After saving: only the key's hint and the account kind, then the accounts to choose among where the login holds several. */
export const renderBrokerKeysSaved = (saved: BrokerKeysSaved, csrf: string): Markup =>
  markup`<section class="card" data-role="message" data-tone="ok">
<h1>Keys saved</h1>
<p class="notice ok">Your ${saved.environment} ${saved.title} keys are stored, sealed. Key: <strong data-role="key-hint">${saved.keyHint}</strong>.${
    saved.accounts.kind === 'one' ? ' You can close this page and go back to your agent.' : ''
  }</p>
</section>
${saved.accounts.kind === 'one' ? '' : renderAccountChoice(saved.accounts, csrf)}`;
