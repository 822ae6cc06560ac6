import type { ConnectedClient } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { CSRF_FIELD } from '../shared/csrf-field.js';

const utcMinute = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The connected clients page: each client's name, id, scopes, since when and its last use, with a Disconnect button. */
export function renderConnections(clients: readonly ConnectedClient[], csrf: string, notice: string | null): Markup {
  const rows = clients.map(
    (client) => markup`<tr data-connection="${client.connection_id}">
<td><strong data-role="client-name">${client.client_name}</strong><br><code class="muted">${client.client_id}</code></td>
<td data-role="scopes">${client.scopes.join(', ')}</td>
<td>${utcMinute(client.connected_at)}</td>
<td data-role="last-used">${client.last_used_at === null ? 'never used' : utcMinute(client.last_used_at)}</td>
<td><form method="post" action="/oauth/connections/revoke"><input type="hidden" name="${CSRF_FIELD}" value="${csrf}"><input type="hidden" name="connection_id" value="${client.connection_id}"><button type="submit" class="reject" data-revoke>Disconnect</button></form></td>
</tr>`,
  );
  return markup`<section class="card" data-role="connections">
<h1>Connected clients</h1>
${notice === null ? '' : markup`<p class="notice ok" data-role="notice">${notice}</p>`}
<p class="muted">Apps you allowed to use condor’s MCP server as you. Disconnecting one ends its access at once: its tokens stop working on its next request.</p>
${clients.length === 0 ? markup`<p data-role="empty">No client is connected.</p>` : markup`<table><thead><tr><th>Client</th><th>Scopes</th><th>Connected</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>`}
</section>`;
}
