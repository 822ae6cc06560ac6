import { newYorkTime } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';

export interface BrokerKeysForm {
  readonly token: string;
  readonly csrf: string;
  readonly expiresAt: number;
  readonly liveAllowed: boolean;
  readonly error?: string | null;
}

/**
 * The form where a person types their broker's API key pair, so it never passes through the AI agent's transcript.
 * The fields are never filled in again (not even after an error), and nothing typed is ever shown back.
 */
export const renderBrokerKeysForm = (form: BrokerKeysForm): Markup =>
  markup`<section class="card">
<h1>Connect your Alpaca account</h1>
<p>Enter the API key id and secret from your Alpaca dashboard. condor stores them sealed; your AI agent never sees them.
This link works once, until ${newYorkTime(form.expiresAt)}.</p>
${form.error ? markup`<p class="notice error" role="alert" data-role="keys-error">${form.error}</p>` : ''}
<form method="post" action="/broker-keys/${form.token}" autocomplete="off">
<input type="hidden" name="csrf_token" value="${form.csrf}">
<label for="api_key">API key id</label>
<input id="api_key" name="api_key" type="text" required autocomplete="off" spellcheck="false" maxlength="256">
<label for="api_secret">API secret</label>
<input id="api_secret" name="api_secret" type="password" required autocomplete="new-password" maxlength="256">
<fieldset><legend>Account</legend>
<label><input type="radio" name="environment" value="paper" checked> Paper (no real money)</label>
${form.liveAllowed ? markup`<label><input type="radio" name="environment" value="live"> Live (real money)</label>` : markup`<span class="muted">Live keys are not accepted on this server.</span>`}
</fieldset>
<div class="actions"><button type="submit" class="approve">Save keys</button></div>
</form>
</section>`;

/** After saving: only the key's hint and the account kind. */
export const renderBrokerKeysSaved = (keyHint: string, environment: 'paper' | 'live'): Markup =>
  markup`<section class="card" data-role="message" data-tone="ok">
<h1>Keys saved</h1>
<p class="notice ok">Your ${environment} Alpaca keys are stored, sealed. Key: <strong data-role="key-hint">${keyHint}</strong>. You can close this page and go back to your agent.</p>
</section>`;
