import { MAX_PASSKEY_NAME, type PasskeyView } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';

const when = (at: number | null, none: string): string => (at === null ? none : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`);

export interface PasskeysPage {
  readonly passkeys: readonly PasskeyView[];
  readonly csrf: string;
  readonly notice?: string | null;
  readonly error?: string | null;
}

const csrfField = (csrf: string): Markup => markup`<input type="hidden" name="${CSRF_FIELD}" value="${csrf}">`;

const row = (passkey: PasskeyView, page: PasskeysPage): Markup => markup`<tr data-passkey="${passkey.id}">
<td><form method="post" action="/passkeys/rename" class="inline">${csrfField(page.csrf)}<input type="hidden" name="id" value="${passkey.id}">
<label class="visually-hidden" for="name-${passkey.id}">Name</label><input id="name-${passkey.id}" name="name" type="text" required maxlength="${String(MAX_PASSKEY_NAME)}" value="${passkey.name}" data-role="passkey-name"> <button type="submit" data-rename>Rename</button></form></td>
<td data-role="created">${when(passkey.createdAt, '')}</td>
<td data-role="last-used">${when(passkey.lastUsedAt, 'never used')}</td>
<td><form method="post" action="/passkeys/remove" class="inline">${csrfField(page.csrf)}<input type="hidden" name="id" value="${passkey.id}">
${page.passkeys.length === 1 ? markup`<label for="password-${passkey.id}">Your password (this is your last passkey)</label><input id="password-${passkey.id}" name="password" type="password" autocomplete="current-password"> ` : ''}<button type="submit" class="reject" data-remove>Remove</button></form></td>
</tr>`;

/**
 * The person's passkeys: each with its name (renamed in place), when it was added and last used, and Remove (the
 * last one asks for the password). Adding one needs JavaScript, since only the browser's WebAuthn call creates it;
 * everything else works without.
 */
export const renderPasskeysPage = (page: PasskeysPage): Markup => markup`<section class="card" data-role="passkeys">
<h1>Passkeys</h1>
<p class="muted">A passkey lives on your device or in your password manager and opens with your fingerprint, face or PIN. condor will ask for one when you approve an order; an agent that knows your password cannot produce it.</p>
${page.notice ? markup`<p class="notice ok" data-role="notice">${page.notice}</p>` : ''}
${page.error ? markup`<p class="notice error" role="alert" data-role="passkeys-error">${page.error}</p>` : ''}
${
  page.passkeys.length === 0
    ? markup`<p data-role="empty">You have no passkeys.</p>`
    : markup`<table><thead><tr><th>Name</th><th>Added</th><th>Last used</th><th></th></tr></thead><tbody>${page.passkeys.map((p) => row(p, page))}</tbody></table>`
}
</section>
<section class="card">
<h2>Add a passkey</h2>
<noscript><p data-role="needs-js">Adding a passkey needs JavaScript: your browser creates it on this page. Turn JavaScript on for condor to add one.</p></noscript>
<div data-role="add-passkey" data-csrf="${page.csrf}" hidden>
<label for="new-passkey-name">Name</label>
<input id="new-passkey-name" name="name" type="text" maxlength="${String(MAX_PASSKEY_NAME)}" value="Passkey">
<label for="new-passkey-password">Your password (adding a passkey needs it)</label>
<input id="new-passkey-password" name="password" type="password" autocomplete="current-password" required>
<div class="actions"><button type="button" class="approve">Add a passkey</button></div>
<p role="status" data-role="add-status"></p>
</div>
</section>`;
