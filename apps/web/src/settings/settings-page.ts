import { WALK_MODE_NAMES, WALK_MODES, type NotificationSettingsView, type PricingDefaultsView, type WalkMode } from '@condor/core';
import { money } from '@condor/core/words';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';
import { renderNotifications } from './notifications-part.js';
import { renderPasswordChange } from './password-part.js';

const MODE_WORDS = (mode: WalkMode): string => {
  const { prices, dwellMs } = WALK_MODES[mode];
  return prices === 1 ? `${mode} — one price, no walk` : `${mode} — ${String(prices)} prices, ${String(dwellMs / 1000)} s each`;
};

export interface SettingsPage {
  readonly pricing: PricingDefaultsView;
  /** Whether approving paper orders needs the person's passkey too, and how many passkeys they have. */
  readonly paperPasskey: { readonly on: boolean; readonly passkeys: number };
  /** Devices, news choices and the address (design §18). */
  readonly notifications: NotificationSettingsView;
  readonly csrf: string;
  readonly notice?: string | null;
  readonly error?: string | null;
}

/**
 * The person's settings: the default price band every proposal uses when it sets none of its own (design §15) — the
 * agent can narrow or widen a band per proposal, but the person approves each band on its ticket; this default is the
 * person's alone — the paper passkey setting, notifications (design §18) and the password. Works without JavaScript,
 * but for turning notifications on, which only the browser can do.
 */
export const renderSettingsPage = (page: SettingsPage): Markup => markup`<section class="card" data-role="pricing-defaults">
<h1>Settings</h1>
<h2>Your default price band</h2>
<p class="muted">condor places an order at the mid and, unfilled, moves it a step at a time toward the natural price, down to the worst price you approve on the ticket, then cancels it. When a proposal sets no band of its own, it uses these.</p>
${page.notice ? markup`<p class="notice ok" data-role="notice">${page.notice}</p>` : ''}
${page.error ? markup`<p class="notice error" role="alert" data-role="settings-error">${page.error}</p>` : ''}
<form method="post" action="/settings/pricing" autocomplete="off">
<input type="hidden" name="${CSRF_FIELD}" value="${page.csrf}">
<label for="mode">How the order walks</label>
<select id="mode" name="mode">
<option value=""${page.pricing.mode === null ? markup` selected` : ''}>condor’s default (${MODE_WORDS(page.pricing.houseMode)})</option>
${WALK_MODE_NAMES.map((mode) => markup`<option value="${mode}"${page.pricing.mode === mode ? markup` selected` : ''}>${MODE_WORDS(mode)}</option>`)}
</select>
<label for="worst_from_mid">Worst price: this far from the mid toward the natural price, per share</label>
<input id="worst_from_mid" name="worst_from_mid" type="text" inputmode="decimal" maxlength="5" placeholder="${page.pricing.houseWorstFromMid.toFixed(2)}" value="${page.pricing.worstFromMid === null ? '' : page.pricing.worstFromMid.toFixed(2)}">
<p class="muted">In dollars, $0.01 to $1.00; empty for condor’s default of ${money(page.pricing.houseWorstFromMid)}. Never past the natural price, whatever you set.</p>
<div class="actions"><button type="submit" class="approve">Save</button></div>
</form>
</section>
${renderPaperPasskey(page)}
${renderNotifications(page.notifications, page.csrf)}
${renderPasswordChange(page.csrf)}`;

/**
 * The paper passkey setting: live orders always need the passkey; paper ones when the person says so. Turning it
 * off asks for the password again (the server also wants a login under 10 minutes old).
 */
function renderPaperPasskey(page: SettingsPage): Markup {
  const { on, passkeys } = page.paperPasskey;
  return markup`<section class="card" data-role="paper-passkey" data-on="${on ? 'yes' : 'no'}">
<h2>Passkey for paper orders</h2>
<p class="muted">Orders on a live (real-money) account always need your passkey to approve. Paper orders need only your logged-in browser unless you ask for the passkey there too.</p>
<form method="post" action="/settings/passkey" autocomplete="off">
<input type="hidden" name="${CSRF_FIELD}" value="${page.csrf}">
${
  on
    ? markup`<p data-role="paper-passkey-state">Approving a paper order needs your passkey.</p>
<input type="hidden" name="on" value="no">
<label for="paper-passkey-password">Your password (turning this off needs it, from a login under 10 minutes old)</label>
<input id="paper-passkey-password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="submit" class="reject">Stop asking for my passkey on paper orders</button></div>`
    : passkeys === 0
      ? markup`<p data-role="paper-passkey-state">Approving a paper order needs only your logged-in browser. To ask for your passkey there too, <a href="/passkeys">add a passkey</a> first.</p>`
      : markup`<p data-role="paper-passkey-state">Approving a paper order needs only your logged-in browser.</p>
<input type="hidden" name="on" value="yes">
<div class="actions"><button type="submit" class="approve">Ask for my passkey on paper orders too</button></div>`
}
</form>
</section>`;
}
