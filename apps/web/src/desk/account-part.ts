import type { DeskView } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

/** How the person approves orders, in words: their passkeys and the paper setting. */
function approvingWords({ passkeys, paperPasskey }: DeskView['approving']): string {
  if (passkeys === 0) return 'You have no passkey: live (real-money) orders need one to approve. Add one on your passkeys page.';
  const count = passkeys === 1 ? 'one passkey' : `${String(passkeys)} passkeys`;
  return `You have ${count}. Approving a live order needs it; paper orders ${paperPasskey ? 'need it too' : 'need only your login'} (Settings).`;
}

/** The linked broker account in words, how the person approves, a button to their own broker-keys page, their passkeys and settings. */
export const renderAccount = (view: Pick<DeskView, 'account' | 'approving'>, csrf: string): Markup => markup`<section class="card" data-role="desk-account">
<h2>Your account</h2>
<p data-role="account"${view.account?.login_expires_at === undefined ? '' : markup` data-login-expires="${view.account.login_expires_at}"`}>${
  view.account === null ? 'No broker account is linked yet: your agent links one (connect_broker), after you enter its keys or log in at the broker here.' : view.account.words
}</p>
<p data-role="approving" data-passkeys="${String(view.approving.passkeys)}">${approvingWords(view.approving)}</p>
<div class="actions">
<form method="post" action="/desk/broker-keys"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}"><button type="submit" data-role="broker-keys">Broker keys or login</button></form>
<a class="button" href="/passkeys">Passkeys</a>
<a class="button" href="/settings">Settings: your default price band, passkey for paper orders</a>
</div>
</section>`;
