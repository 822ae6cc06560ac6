import type { ApiKeyViewOutput, ConnectedClient, DeskSection } from '@condor/core';
import { CSRF_FIELD } from '../shared/csrf-field.js';
import { markup, type Markup } from '../shared/markup.js';
import { minuteWords, partNote } from './desk-words.js';

/** A form posting one id to an existing revoke route, which answers on its own page (with a way back here). */
const revokeForm = (action: string, name: string, id: string, csrf: string, label: string): Markup =>
  markup`<form method="post" action="${action}"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}"><input type="hidden" name="${name}" value="${id}"><button type="submit" class="reject" data-revoke>${label}</button></form>`;

const keyRow = (key: ApiKeyViewOutput, csrf: string): Markup => markup`<tr data-role="desk-key" data-key="${key.api_key_id}">
<td><strong>${key.name}</strong><br><code class="muted">${key.key_hint}</code></td>
<td>${key.scopes.join(', ')}</td>
<td>${key.last_used_at === null ? 'never used' : minuteWords(key.last_used_at)}</td>
<td>${revokeForm('/api-keys/revoke', 'api_key_id', key.api_key_id, csrf, 'Revoke')}</td>
</tr>`;

const clientRow = (client: ConnectedClient, csrf: string): Markup => markup`<tr data-role="desk-client" data-connection="${client.connection_id}">
<td><strong>${client.client_name}</strong><br><code class="muted">${client.client_id}</code></td>
<td>${client.scopes.join(', ')}</td>
<td>${client.last_used_at === null ? 'never used' : minuteWords(client.last_used_at)}<br><span class="muted">connected ${minuteWords(client.connected_at)}</span></td>
<td>${revokeForm('/oauth/connections/revoke', 'connection_id', client.connection_id, csrf, 'Disconnect')}</td>
</tr>`;

/** The agents acting for the person — API keys and connected OAuth clients, each with its last use — each with a button that ends it. */
export const renderAgents = (keys: DeskSection<ApiKeyViewOutput>, clients: DeskSection<ConnectedClient>, csrf: string): Markup => markup`<section class="card" data-role="desk-agents">
<h2>Connected agents</h2>
<h3>API keys <a class="more" href="/api-keys">create or see all</a></h3>
${partNote(keys, 'No API key works for you right now.')}
${keys.items.length === 0 ? '' : markup`<table><thead><tr><th>Key</th><th>Scopes</th><th>Last used</th><th></th></tr></thead><tbody>${keys.items.map((key) => keyRow(key, csrf))}</tbody></table>`}
<h3>OAuth clients <a class="more" href="/oauth/connections">see all</a></h3>
${partNote(clients, 'No MCP client is connected.')}
${clients.items.length === 0 ? '' : markup`<table><thead><tr><th>Client</th><th>Scopes</th><th>Last used</th><th></th></tr></thead><tbody>${clients.items.map((client) => clientRow(client, csrf))}</tbody></table>`}
</section>`;
