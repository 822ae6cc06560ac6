import { appError, renderError, type execute } from '@condor/core';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ApprovalCore } from '../approval/approval-core.js';
import type { ShellApproval } from '../approval/confirm-with-person.js';
import { toolFailure, toolSuccess } from '../tool-result.js';
import type { AppToolName } from './app-tools.js';

type Outcome = Awaited<ReturnType<typeof execute>>;

/** What an app-only tool call needs from the server that runs it. */
export interface AppToolCall {
  readonly core: ApprovalCore;
  readonly credential: string | null;
  /** Runs confirm_proposal through `execute` for the call's own input, with `approval`. */
  run(approval: ShellApproval): Promise<Outcome>;
  finish(outcome: Outcome): CallToolResult;
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
 * A person's click on the order ticket. Approve runs confirm_proposal with an `app` approval: every gate of
 * confirm_proposal still applies (5 s floor, 60 s expiry, single use, batch rule, the deployment's
 * `appApprovals` switch, live accounts), since the server cannot tell the view's call from the model's.
 * Reject ends the proposal through core; nothing is placed.
 */
export async function appTools(call: AppToolCall, name: AppToolName, args: unknown, client: string | null): Promise<CallToolResult> {
  if (name === 'approve_proposal') return call.finish(await call.run({ method: 'app', client }));
  const proposalId = proposalIdOf(args);
  if (proposalId === null) return badInput(args);
  const outcome = await call.core.reject(call.credential, proposalId);
  return outcome.ok ? toolSuccess({ proposal_id: proposalId, rejected: true, ticket: outcome.value }) : toolFailure(outcome.error.body);
}
