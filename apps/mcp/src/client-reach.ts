import type { ServerContext } from '@modelcontextprotocol/server';
import { declaresFormElicitation, declaresUrlElicitation, type ClientFacts } from './client-facts.js';

/** The elicitation mode a shell tool may ask its client in: a form (a person's approval) or a URL (a page to open). */
export type AskMode = 'form' | 'url';

/** How a call asks its client: in its own answer for the client to fulfil (2026 `input_required`), or by a request over the connection (2025, stdio). */
export type Channel = 'input_required' | 'push';

/** Where a shell tool's call can ask its client: nowhere, or on `channel` through the SDK's context. */
export type ClientReach =
  | { readonly channel: null; readonly ctx: ServerContext | null }
  | { readonly channel: Channel; readonly ctx: ServerContext };

const DECLARES: Record<AskMode, (facts: ClientFacts) => boolean> = {
  form: (facts) => declaresFormElicitation(facts.capabilities),
  url: (facts) => declaresUrlElicitation(facts.capabilities),
};

/**
 * How a call may ask a client that `facts` describes in `mode`; null when it cannot (a tool that asks nothing, a client
 * that did not declare the mode, or a stateless 2025 HTTP request, which cannot receive server-to-client requests).
 * The direct path takes a shell tool's call exactly when this is null for it.
 *
 * @example
 * channelOf('form', { modern: true, client: 'c/1', capabilities: { elicitation: {} } }, false); // 'input_required'
 */
export function channelOf(mode: AskMode | null, facts: ClientFacts, connected: boolean): Channel | null {
  if (mode === null || !DECLARES[mode](facts)) return null;
  if (facts.modern) return 'input_required';
  return connected ? 'push' : null;
}

/** The reach of a call of a tool asking in `mode`; a call that may ask must have come through the SDK, which asks. */
export function reachOf(mode: AskMode | null, facts: ClientFacts, connected: boolean, ctx: ServerContext | null): ClientReach {
  const channel = channelOf(mode, facts, connected);
  if (channel === null) return { channel, ctx };
  if (ctx === null) throw new Error('a call that may ask its client came without the SDK’s context: only the SDK path takes it');
  return { channel, ctx };
}
