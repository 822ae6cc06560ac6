import type { AccountsToChoose } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

/**
 * The accounts a login may trade, as a form that records the one chosen (`POST /broker-account`), or why they could
 * not be listed. Only the one chosen before (or the only one) is preselected.
 */
export const renderAccountChoice = (accounts: Exclude<AccountsToChoose, { kind: 'one' }>, csrf: string, error: string | null = null): Markup => {
  if (accounts.kind === 'refused') {
    return markup`<section class="card" data-role="accounts">
<h2>Choose the account to trade</h2>
<p class="notice error" role="alert" data-role="accounts-error">The accounts could not be listed: ${accounts.message}</p>
</section>`;
  }
  const preselected = accounts.chosen ?? (accounts.accounts.length === 1 ? (accounts.accounts[0]?.accountNumber ?? null) : null);
  return markup`<section class="card" data-role="accounts">
<h2>Choose the account to trade</h2>
<p>Your ${accounts.title} login holds these accounts you may trade. condor trades only the one you choose.</p>
${error === null ? '' : markup`<p class="notice error" role="alert" data-role="accounts-error">${error}</p>`}
<form method="post" action="/broker-account">
<input type="hidden" name="${CSRF_FIELD}" value="${csrf}">
<fieldset><legend>Account</legend>
${accounts.accounts.map(
  (account) =>
    markup`<div><label><input type="radio" name="account_number" value="${account.accountNumber}" required${account.accountNumber === preselected ? markup` checked` : ''}> <strong>${account.accountNumber}</strong> — ${account.description}</label></div>`,
)}
</fieldset>
<div class="actions"><button type="submit" class="approve">Trade this account</button></div>
</form>
</section>`;
};

/** After choosing: the account recorded, and that the agent connects it. */
export const renderAccountChosen = (accountNumber: string): Markup =>
  markup`<section class="card" data-role="message" data-tone="ok">
<h1>Account chosen</h1>
<p class="notice ok">Account <strong data-role="account-number">${accountNumber}</strong> is the one condor trades once your agent connects it (connect_broker). You can close this page and go back to your agent.</p>
</section>`;
