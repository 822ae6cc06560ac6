import type { ClientCapabilities, Tool } from '@modelcontextprotocol/server';
import { getUiCapability, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';

/** The order ticket view (MCP Apps): one self-contained HTML page for every proposal. */
export const TICKET_URI = 'ui://condor/ticket.html';

export { RESOURCE_MIME_TYPE };

/** The tools whose answer is a proposal: their results open in the ticket view. */
export const TICKET_TOOLS: ReadonlySet<string> = new Set(['propose_entry', 'propose_roll', 'propose_exit']);

/** Whether the client declared the MCP Apps extension, and takes its HTML views (when it lists the types it takes). */
export function declaresUi(capabilities: ClientCapabilities | undefined): boolean {
  const ui = getUiCapability(capabilities);
  return ui !== undefined && (ui.mimeTypes === undefined || ui.mimeTypes.includes(RESOURCE_MIME_TYPE));
}

/** `tool` with the ticket view declared (`_meta.ui.resourceUri`, and the flat key older hosts read). */
export const withTicketView = (tool: Tool): Tool => ({
  ...tool,
  _meta: { ...tool._meta, ui: { resourceUri: TICKET_URI }, [RESOURCE_URI_META_KEY]: TICKET_URI },
});

/** The `_meta` of a tool only the ticket view may call: hosts keep it from the model (`visibility: ['app']`). */
export const APP_ONLY_META = { ui: { resourceUri: TICKET_URI, visibility: ['app'] }, [RESOURCE_URI_META_KEY]: TICKET_URI } as const;
