import type { DeskView } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

/** The linked broker account in words, a button to the person's own broker-keys page, and their settings. */
export const renderAccount = (view: Pick<DeskView, 'account'>, csrf: string): Markup => markup`<section class="card" data-role="desk-account">
<h2>Your account</h2>
<p data-role="account">${view.account === null ? 'No broker account is linked yet: your agent links one (connect_broker), after you enter its keys here.' : view.account.words}</p>
<div class="actions">
<form method="post" action="/desk/broker-keys"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}"><button type="submit" data-role="broker-keys">Enter broker keys</button></form>
<a class="button" href="/settings">Settings: your default price band</a>
</div>
</section>`;
