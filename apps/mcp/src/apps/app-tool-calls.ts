import { appError, renderError, type ShellApproval } from '@condor/core';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { PersonApprovals } from '../approval/person-approvals.js';
import type { ClientFacts } from '../client-facts.js';
import type { ExecuteOutcome } from '../call-site.js';
import { toolFailure, toolSuccess } from '../sdk-mirror/tool-result.js';

/** What an app-only tool call needs from the server that runs it. */
export interface AppToolCall {
  readonly approvals: PersonApprovals;
  readonly credential: string | null;
  /** The call's arguments, as the ticket sent them. */
  readonly args: unknown;
  readonly facts: ClientFacts;
  /** Runs confirm_proposal through `execute` for the call's own input, with `approval`. */
  run(approval: ShellApproval): Promise<ExecuteOutcome>;
  finish(outcome: ExecuteOutcome): CallToolResult;
}

const proposalIdOf = (args: unknown): string | null => {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null;
  const keys = Object.keys(args);
  const id = (args as Record<string, unknown>).proposal_id;
  return keys.length === 1 && typeof id === 'string' ? id : null;
};

const badInput = (args: unknown): CallToolResult =>
  toolFailure(
    renderError(
      appError('VALIDATION_ERROR', {
        message: 'The ticket sends exactly one field, proposal_id (a string).',
        expected: '{ "proposal_id": "<uuid>" }',
        received: { arguments: args },
      }),
    ).body,
  );

/**
 * A person's Approve on the order ticket: confirm_proposal with an `app` approval. Every gate of
 * confirm_proposal still applies (5 s floor, 60 s expiry, single use, batch rule, the deployment's
 * `appApprovals` switch, live accounts), since the server cannot tell the view's call from the model's.
 */
export async function approveOnTicket(call: AppToolCall): Promise<CallToolResult> {
  return call.finish(await call.run({ method: 'app', client: call.facts.client }));
}

/** A person's Reject on the order ticket: ends the proposal through core; nothing is placed. */
export async function rejectOnTicket(call: AppToolCall): Promise<CallToolResult> {
  const proposalId = proposalIdOf(call.args);
  if (proposalId === null) return badInput(call.args);
  const outcome = await call.approvals.reject(call.credential, proposalId);
  return outcome.ok ? toolSuccess({ proposal_id: proposalId, rejected: true, ticket: outcome.value }) : toolFailure(outcome.error.body);
}
