import { isPersonRequired, type OrderTicket, type Services, type ShellApproval } from '@condor/core';
import {
  inputRequired,
  inputResponse,
  type CallToolResult,
  type ElicitResult,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ExecuteOutcome } from '../call-site.js';
import type { ClientFacts } from '../client-facts.js';
import type { ClientReach } from '../client-reach.js';
import { toolFailure } from '../sdk-mirror/tool-result.js';
import type { PersonApprovals } from './person-approvals.js';
import { answerRefused, declined, tooEarly } from './refusals.js';
import type { StateCodec, VerifiedState } from './request-state.js';
import { APPROVE_SCHEMA, approves, ticketWords } from './ticket-words.js';

/** The key of the one input request a confirm asks. */
const APPROVE_KEY = 'approve';

/** One confirm_proposal call, as the MCP server runs it. */
export interface ConfirmCall {
  readonly services: Services;
  readonly approvals: PersonApprovals;
  readonly codec: StateCodec;
  readonly credential: string | null;
  readonly facts: ClientFacts;
  /** The call's arguments, as the client sent them. */
  readonly args: unknown;
  /** Where the person can be asked: in an input_required answer (2026), over the connection (2025, stdio), or nowhere. */
  readonly reach: ClientReach;
  /** Runs confirm_proposal through `execute` for the same input, with the person's approval when there is one. */
  run(approval: ShellApproval | null): Promise<ExecuteOutcome>;
  /** The call's answer for an outcome of `run`. */
  finish(outcome: ExecuteOutcome): CallToolResult;
}

const proposalIdOf = (args: unknown): string | null => {
  if (typeof args !== 'object' || args === null) return null;
  const id = (args as Record<string, unknown>).proposal_id;
  return typeof id === 'string' ? id : null;
};

/**
 * confirm_proposal under the approval policy (design §12). The call runs through `execute` as it is; when
 * core answers that a person must approve, and the client declared form elicitation, the person is asked with
 * the order ticket in words:
 *
 * - 2026-07-28: an `input_required` answer whose signed `requestState` is bound to the user, the proposal and
 *   a short time, and made single-use by core (`openElicitation` / `closeElicitation`). The client retries
 *   with the answer; an approval places the order with evidence `elicitation`.
 * - 2025 over a connection (stdio): a real `elicitation/create` on the call, then the same.
 * - Otherwise (no elicitation, or a stateless 2025 HTTP request): core's CONFIRM_BLOCKED naming the approval
 *   link, as it is.
 *
 * A decline, a cancel or an answer that does not approve places nothing and leaves the proposal as it was.
 */
export async function confirmWithPerson(call: ConfirmCall): Promise<CallToolResult | InputRequiredResult> {
  const { args, reach } = call;
  const verified = reach.ctx?.mcpReq.requestState<VerifiedState>();
  if (verified !== undefined && reach.ctx !== null) return answered(call, verified, proposalIdOf(args), reach.ctx);
  const first = await call.run(null);
  const proposalId = proposalIdOf(args);
  // No way to ask (no form elicitation, or a stateless 2025 HTTP request): the approval link in core's answer stays the way.
  if (first.isOk() || !isPersonRequired(first.error) || reach.channel === null || proposalId === null) return call.finish(first);
  const ticket = await call.approvals.ticket(call.credential, proposalId);
  if (ticket === null) return call.finish(first);
  if (ticket.secondsUntilApprovable > 0) return toolFailure(tooEarly(proposalId, ticket.secondsUntilApprovable));
  if (reach.channel === 'push') return pushed(call, ticket, reach.ctx);
  const userId = await call.approvals.userIdOf(call.credential);
  if (userId === null) return call.finish(first);
  return ask(call, userId, ticket, reach.ctx);
}

/** Round 1 on 2026-07-28: the question, and the signed state the answer must come back with. */
async function ask(call: ConfirmCall, userId: string, ticket: OrderTicket, ctx: ServerContext): Promise<InputRequiredResult> {
  const { nonce, expiresAt } = await call.approvals.openElicitation(userId, ticket.proposalId);
  const requestState = await call.codec.mint(
    { kind: 'confirm_proposal', proposalId: ticket.proposalId, nonce, expiresAt, proposalExpiresAt: ticket.expiresAt },
    ctx,
  );
  return inputRequired({
    inputRequests: { [APPROVE_KEY]: inputRequired.elicit({ mode: 'form', message: ticketWords(ticket), requestedSchema: APPROVE_SCHEMA }) },
    requestState,
  });
}

/** Round 2 on 2026-07-28: the answer, accepted once, from the same user, for the same proposal, in time. */
async function answered(call: ConfirmCall, verified: VerifiedState, proposalId: string | null, ctx: ServerContext): Promise<CallToolResult> {
  if (!verified.ok) return toolFailure(answerRefused(proposalId, 'its state is not one this server signed for you, or it has expired'));
  const { state } = verified;
  if (state.kind !== 'confirm_proposal' || state.proposalId !== proposalId) {
    return toolFailure(answerRefused(proposalId, 'it answers a question about another proposal'));
  }
  const userId = await call.approvals.userIdOf(call.credential);
  if (userId === null || !(await call.approvals.closeElicitation(userId, state.proposalId, state.nonce))) {
    return toolFailure(answerRefused(proposalId, 'this question was already answered, or its time is up'));
  }
  if (call.services.clock.now() >= state.expiresAt) return toolFailure(answerRefused(proposalId, 'its time is up'));
  const answer = inputResponse(ctx.mcpReq.inputResponses, APPROVE_KEY);
  if (answer.kind === 'elicit' && answer.action === 'accept' && approves(answer.content)) {
    return call.finish(await call.run({ method: 'elicitation', client: call.facts.client }));
  }
  return toolFailure(declined(state.proposalId, call.facts.client, state.proposalExpiresAt));
}

/** 2025 on a connection: a real elicitation/create on this call, then its answer. */
async function pushed(call: ConfirmCall, ticket: OrderTicket, ctx: ServerContext): Promise<CallToolResult> {
  // The question stands while the proposal does (at least a second, so a last-moment ask still gets sent).
  const timeout = Math.max(1_000, ticket.secondsLeft * 1_000);
  let answer: ElicitResult;
  try {
    answer = await ctx.mcpReq.send(
      { method: 'elicitation/create', params: { mode: 'form', message: ticketWords(ticket), requestedSchema: APPROVE_SCHEMA } },
      { timeout },
    );
  } catch (thrown) {
    call.services.logger.warn('mcp_elicitation_failed', { error: thrown instanceof Error ? thrown.message.slice(0, 300) : String(thrown) });
    answer = { action: 'cancel' };
  }
  if (answer.action === 'accept' && approves(answer.content)) {
    return call.finish(await call.run({ method: 'elicitation', client: call.facts.client }));
  }
  return toolFailure(declined(ticket.proposalId, call.facts.client, ticket.expiresAt));
}
