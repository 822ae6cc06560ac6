import type { ReadResourceResult, Resource, ServerContext } from '@modelcontextprotocol/server';
import { ticketHtml } from './ticket-page.js';
import { RESOURCE_MIME_TYPE, TICKET_URI } from './ui-extension.js';

/** Resources served beside condor's own: listed to some clients only, read by URI. */
export interface ExtraResources {
  list(ctx: ServerContext): Resource[];
  /** The contents of `uri`, or null when it is not one of these (or not for this client). */
  read(uri: string, ctx: ServerContext): Promise<ReadResourceResult> | null;
}

/** A host draws a border around the view; it needs no network (the default CSP, which blocks all, stays). */
const UI_META = { ui: { prefersBorder: true } };

const TICKET_RESOURCE: Resource = {
  uri: TICKET_URI,
  name: 'order-ticket',
  title: 'Order ticket',
  description:
    'The order ticket of a proposal (propose_entry, propose_roll, propose_exit): legs, price, max profit and loss, ' +
    'breakevens, POP, account, time left and the payoff chart, with Approve and Reject for the person.',
  mimeType: RESOURCE_MIME_TYPE,
  _meta: UI_META,
};

/**
 * The ticket view as a resource, only for clients that declared MCP Apps (`forUi(ctx)`): listed to them and
 * read by them; to anyone else it does not exist.
 */
export function ticketResource(forUi: (ctx: ServerContext) => boolean): ExtraResources {
  return {
    list: (ctx) => (forUi(ctx) ? [TICKET_RESOURCE] : []),
    read: (uri, ctx) =>
      uri === TICKET_URI && forUi(ctx)
        ? ticketHtml().then((text) => ({ contents: [{ uri: TICKET_URI, mimeType: RESOURCE_MIME_TYPE, text, _meta: UI_META }] }))
        : null,
  };
}

/** No extra resources (a server whose toolsets place no orders). */
export const NO_EXTRA_RESOURCES: ExtraResources = { list: () => [], read: () => null };
