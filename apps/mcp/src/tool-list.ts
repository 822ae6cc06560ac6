import type { Tool } from '@modelcontextprotocol/server';
import { APP_TOOLS } from './apps/app-tools.js';
import { TICKET_TOOLS, withTicketView } from './apps/ui-extension.js';
import type { Offer } from './offer.js';

/**
 * The `tools/list` answer of an offer, for a client that takes the MCP Apps views (`ui`: the proposal tools open the
 * ticket, and its app-only tools follow) or not. Built once per offer; both the SDK and the direct path list from it.
 *
 * @example
 * toolListing(offerOf())(false).map((tool) => tool.name); // catalogue order
 */
export function toolListing(offer: Offer): (ui: boolean) => readonly Tool[] {
  const listed = offer.tools.map((tool) => (TICKET_TOOLS.has(tool.name) ? withTicketView(tool) : tool));
  const withApps = [...listed, ...APP_TOOLS];
  return (ui) => (ui ? withApps : listed);
}
