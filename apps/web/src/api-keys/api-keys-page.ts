import { SCOPES, type ApiKeyViewOutput, type Scope } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

/** What each scope lets a key do, as the page says it. */
const SCOPE_LABELS: Readonly<Record<Scope, string>> = {
  read: 'read — research, and read your proposals, positions and account',
  propose: 'propose — draft proposals (a proposal alone places nothing)',
  trade: 'trade — confirm and cancel, link the broker, accept terms, billing, API keys; every order still needs your approval here',
};

const when = (iso: string | null, none: string): string => (iso === null ? none : `${iso.slice(0, 16).replace('T', ' ')} UTC`);

const row = (key: ApiKeyViewOutput, csrf: string): Markup => markup`<tr data-key="${key.api_key_id}" data-state="${key.revoked_at === null ? 'active' : 'revoked'}">
<td><strong data-role="key-name">${key.name}</strong><br><code class="muted" data-role="key-hint">${key.key_hint}</code></td>
<td data-role="scopes">${key.scopes.join(', ')}</td>
<td>${when(key.created_at, '')}<br><span class="muted">expires ${when(key.expires_at, 'never')}</span></td>
<td data-role="last-used">${when(key.last_used_at, 'never used')}</td>
<td>${
  key.revoked_at === null
    ? markup`<form method="post" action="/api-keys/revoke"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}"><input type="hidden" name="api_key_id" value="${key.api_key_id}"><button type="submit" class="reject" data-revoke>Revoke</button></form>`
    : markup`<span class="status" data-role="revoked">revoked ${when(key.revoked_at, '')}</span>`
}</td>
</tr>`;

export interface KeysPage {
  readonly keys: readonly ApiKeyViewOutput[];
  readonly csrf: string;
  readonly notice?: string | null;
  readonly error?: string | null;
  /** Whether the person has a passkey: a key with the trade scope then asks for it. */
  readonly hasPasskey: boolean;
}

/**
 * The API keys page: the person's keys (never a key itself, only its hint), a form to create one with its scopes
 * and an optional expiry, and a Revoke button per working key. Works without JavaScript.
 */
export const renderKeysPage = (page: KeysPage): Markup => markup`<section class="card" data-role="api-keys">
<h1>API keys</h1>
<p class="muted">Keys let an agent, a script or the stdio server (CONDOR_API_KEY) use condor as you, with the scopes you give them. No key can approve an order: that stays yours, on condor’s approval page.</p>
${page.notice ? markup`<p class="notice ok" data-role="notice">${page.notice}</p>` : ''}
${page.keys.length === 0 ? markup`<p data-role="empty">You have no API keys.</p>` : markup`<table><thead><tr><th>Key</th><th>Scopes</th><th>Created</th><th>Last used</th><th></th></tr></thead><tbody>${page.keys.map((key) => row(key, page.csrf))}</tbody></table>`}
</section>
<section class="card">
<h2>Create a key</h2>
${page.error ? markup`<p class="notice error" role="alert" data-role="keys-error">${page.error}</p>` : ''}
<form method="post" action="/api-keys" autocomplete="off"${page.hasPasskey ? markup` data-step-up data-options-url="/api-keys/passkey"` : ''}>
<input type="hidden" name="${CSRF_FIELD}" value="${page.csrf}">
${page.hasPasskey ? passkeyFields : ''}
<label for="name">Name</label>
<input id="name" name="name" type="text" required maxlength="100" placeholder="laptop agent">
<fieldset><legend>Scopes</legend>
${SCOPES.map((scope) => markup`<div><label><input type="checkbox" name="scope_${scope}" value="on"${scope === 'read' ? markup` checked` : ''}${scope === 'trade' && page.hasPasskey ? markup` data-needs-passkey` : ''}> ${SCOPE_LABELS[scope]}</label></div>`)}
</fieldset>
${page.hasPasskey ? markup`<p class="muted" data-role="trade-needs-passkey">A key with the trade scope asks for your passkey (this needs JavaScript).</p>` : ''}
<label for="expires_on">Expires on (optional)</label>
<input id="expires_on" name="expires_on" type="date">
<p class="muted">The key stops working at the start of that day (UTC). Leave it empty for a key that works until you revoke it.</p>
<div class="actions"><button type="submit" class="approve">Create key</button></div>
${page.hasPasskey ? markup`<p role="status" data-role="step-up-status"></p>` : ''}
</form>
</section>`;

/** Where the step-up script puts the passkey's answer. */
const passkeyFields = markup`<input type="hidden" name="passkey_challenge" value=""><input type="hidden" name="passkey_response" value="">`;

/** The one time a key is shown: right after it was created. */
export const renderKeyCreated = (key: string, view: ApiKeyViewOutput): Markup => markup`<section class="card" data-role="key-created">
<h1>Your new API key</h1>
<p class="notice warn">Copy it now: condor keeps only a digest of it and can never show it again.</p>
<label for="api_key">${view.name} (${view.scopes.join(', ')})</label>
<input id="api_key" type="text" readonly value="${key}" data-role="api-key">
<p class="muted">Give it to your agent as <code>Authorization: Bearer …</code>, or to the stdio server as <code>CONDOR_API_KEY</code>.</p>
<div class="actions"><a href="/api-keys">Back to your keys</a></div>
</section>`;
