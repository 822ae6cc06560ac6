import { AUTHORIZATION_PARAMETERS, type AuthorizationParams, type AuthorizationRequest } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { SCOPE_WORDS } from './scope-words.js';

/** The consent form's checkbox of scope `s` is named `grant_<s>`: ticked, it is granted. */
export const GRANT_PREFIX = 'grant_';

export interface ConsentView {
  readonly request: AuthorizationRequest;
  /** The request's parameters, carried back by the form so its post is checked as the request was. */
  readonly params: AuthorizationParams;
  readonly email: string;
  readonly csrf: string;
  /** The host (or scheme) the browser goes back to after the decision. */
  readonly returnsTo: string;
  /** Whether the person has a passkey: granting the trade scope then asks for it. */
  readonly hasPasskey: boolean;
  /** Why the last Allow was refused, shown above the form. */
  readonly error?: string | null;
}

/**
 * The consent page: which client, how condor knows it (a site's metadata document, or a name the client gave
 * itself), the scopes it asks for and what each allows (each a ticked box the person may untick), where the browser
 * goes next; Allow and Deny post back.
 */
export function renderConsent(view: ConsentView): Markup {
  const { client, scopes } = view.request;
  const identity =
    client.source === 'metadata_document'
      ? markup`<p data-role="client-identity">Published by <strong>${client.site ?? ''}</strong> (client ID <code>${client.clientId}</code>).</p>`
      : markup`<p class="notice warn" data-role="client-identity">This client registered itself: condor cannot check that it is who its name says. Allow it only if you just asked it to connect.</p>`;
  const hidden = AUTHORIZATION_PARAMETERS.map((name) => {
    const value = view.params[name]?.[0];
    return value === undefined ? '' : markup`<input type="hidden" name="${name}" value="${value}">`;
  });
  return markup`<section class="card" data-role="consent">
<h1>Allow <span data-role="client-name">${client.name}</span> to use condor?</h1>
${identity}
${view.error ? markup`<p class="notice error" role="alert" data-role="consent-error">${view.error}</p>` : ''}
<form method="post" action="/oauth/authorize"${view.hasPasskey ? markup` data-step-up data-options-url="/oauth/authorize/passkey"` : ''}>
<p>It will act as <strong>${view.email}</strong> on condor’s MCP server. Untick what it should not do:</p>
<fieldset data-role="scopes">
<legend>Scopes</legend>
<ul>${scopes.map(
    (scope) => markup`<li data-scope="${scope}"><label><input type="checkbox" name="${GRANT_PREFIX}${scope}" value="yes" checked${scope === 'trade' && view.hasPasskey ? markup` data-needs-passkey` : ''}> <strong>${scope}</strong> — ${SCOPE_WORDS[scope]}</label></li>`,
  )}</ul>
</fieldset>
<p class="muted">It gets no password and no broker key. You can disconnect it at any time on <a href="/oauth/connections">Connected clients</a>. After you choose, your browser goes back to <strong data-role="returns-to">${view.returnsTo}</strong>.</p>
<input type="hidden" name="${CSRF_FIELD}" value="${view.csrf}">
${hidden}
${view.hasPasskey ? markup`<input type="hidden" name="passkey_challenge" value=""><input type="hidden" name="passkey_response" value=""><p class="muted" data-role="trade-needs-passkey">Allowing the trade scope asks for your passkey (this needs JavaScript).</p>` : ''}
<div class="actions">
<button type="submit" name="decision" value="approve" class="approve" data-approve>Allow</button>
<button type="submit" name="decision" value="deny" class="reject" data-deny>Deny</button>
</div>
${view.hasPasskey ? markup`<p role="status" data-role="step-up-status"></p>` : ''}
</form>
</section>`;
}
