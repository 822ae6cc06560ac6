import { randomUUID } from 'node:crypto';
import type { Services } from '@condor/core';
import { inputRequired, type CallToolResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { ExecuteOutcome } from './call-site.js';
import type { ClientReach } from './client-reach.js';
import { toolFailure, toolSuccess } from './sdk-mirror/tool-result.js';
import { answerRefused } from './approval/refusals.js';
import type { StateCodec, VerifiedState } from './approval/request-state.js';

const LINK_KEY = 'broker_keys';

const MESSAGE =
  "Enter your broker's API key pair on condor's own page (a browser logged in to condor). The keys go straight to condor, " +
  'never through this conversation. Come back here when they are saved.';

/** One get_broker_keys_link call, as the MCP server runs it. */
export interface KeysLinkCall {
  readonly services: Services;
  readonly codec: StateCodec;
  /** Where the link can be opened for the person: in an input_required answer (2026), over the connection (2025, stdio), or nowhere. */
  readonly reach: ClientReach;
  run(): Promise<ExecuteOutcome>;
  finish(outcome: ExecuteOutcome): CallToolResult;
}

interface LinkAnswer {
  readonly url: string;
  readonly expires_at: string;
}

const linkOf = (outcome: ExecuteOutcome): LinkAnswer | null => {
  if (outcome.isErr()) return null;
  const value = outcome.value.value as Partial<LinkAnswer>;
  // URL-mode elicitation needs an absolute URL: a deployment without a public URL hands out relative links.
  return typeof value.url === 'string' && typeof value.expires_at === 'string' && URL.canParse(value.url)
    ? { url: value.url, expires_at: value.expires_at }
    : null;
};

const answerOf = (link: LinkAnswer): CallToolResult => toolSuccess({ url: link.url, expires_at: link.expires_at, next_tool: 'connect_broker' });

/**
 * get_broker_keys_link, and where the client takes URL-mode elicitation, the link opened for the person by
 * the client itself (2026-07-28: an `input_required` answer whose signed state keeps the link for the second
 * round; 2025 on a connection: a real `elicitation/create`). The answer is the tool's own either way: the link,
 * its expiry and connect_broker as the next step. The keys are typed on condor's page, never in the transcript.
 */
export async function keysLinkByUrl(call: KeysLinkCall): Promise<CallToolResult | InputRequiredResult> {
  const { reach } = call;
  const verified = reach.ctx?.mcpReq.requestState<VerifiedState>();
  if (verified !== undefined) {
    if (!verified.ok || verified.state.kind !== 'broker_keys') {
      return toolFailure(answerRefused(null, 'its state is not one this server signed for you for this link, or it has expired'));
    }
    return answerOf({ url: verified.state.url, expires_at: verified.state.expiresAt });
  }
  const outcome = await call.run();
  const link = linkOf(outcome);
  if (link === null || reach.channel === null) return call.finish(outcome);
  if (reach.channel === 'input_required') {
    return inputRequired({
      inputRequests: { [LINK_KEY]: inputRequired.elicitUrl({ message: MESSAGE, url: link.url }) },
      requestState: await call.codec.mint({ kind: 'broker_keys', url: link.url, expiresAt: link.expires_at }, reach.ctx),
    });
  }
  try {
    await reach.ctx.mcpReq.send(
      { method: 'elicitation/create', params: { mode: 'url', message: MESSAGE, url: link.url, elicitationId: randomUUID() } },
      { timeout: Math.max(1_000, Date.parse(link.expires_at) - call.services.clock.now()) },
    );
  } catch (thrown) {
    call.services.logger.warn('mcp_elicitation_failed', { error: thrown instanceof Error ? thrown.message.slice(0, 300) : String(thrown) });
  }
  return call.finish(outcome);
}
