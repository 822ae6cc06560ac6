import {
  appError,
  execute,
  principalOf,
  renderError,
  unknownTool,
  type ErrorResult,
  type Services,
  type SessionEffect,
  type ShellApproval,
} from '@condor/core';
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import type { PersonApprovals } from './approval/person-approvals.js';
import type { StateCodec } from './approval/request-state.js';
import { executeContextOf, type ExecuteOutcome, type ToolCallSite } from './call-site.js';
import { reachOf } from './client-reach.js';
import type { ConnectionLogin } from './connection-login.js';
import type { Offer } from './offer.js';
import type { PrincipalBatches } from './principal-batches.js';
import { linksOf } from './resource-links.js';
import { toolFailure, toolSuccess } from './sdk-mirror/tool-result.js';
import { shellToolOf } from './shell-tools.js';

/** What the calls of one server (or of the HTTP endpoint's direct path) share. */
export interface ToolCallerDeps {
  readonly batches: PrincipalBatches;
  readonly offer: Offer;
  /** The connection's login binding (stdio); null over HTTP. */
  readonly connection: ConnectionLogin | null;
  readonly approvals: PersonApprovals;
  readonly codec: StateCodec;
}

export type ToolCaller = (name: string, args: unknown, site: ToolCallSite) => Promise<CallToolResult | InputRequiredResult>;

/**
 * One `tools/call`: every call runs inside its principal's batch and hands the tool to core's `execute`
 * (the shell tools of `SHELL_TOOLS` around it); a login over a connection binds it.
 *
 * @example
 * const call = toolCaller(services, { batches, offer, connection: null, approvals, codec });
 * await call('get_subscription', {}, site);
 */
export function toolCaller(services: Services, deps: ToolCallerDeps): ToolCaller {
  const { batches, offer, connection, approvals, codec } = deps;

  const logFailure = (event: string, tool: string, thrown: unknown): void => {
    services.logger.error(event, { tool: tool.slice(0, 100), error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown) });
  };

  const bind = (effect: SessionEffect | null): void => {
    if (effect?.kind === 'issued') connection?.bind(effect.accessToken);
    if (effect?.kind === 'ended') connection?.bind(null);
  };

  // The login this connection was bound to has ended (logout or revocation elsewhere, or expiry): so does the binding.
  const endBinding = (body: ErrorResult): CallToolResult => {
    connection?.bind(null);
    return toolFailure({
      ...body,
      message: `${body.message} This MCP connection was bound to that login, and the binding has ended with it.`,
      suggestion: 'Authenticate again: call login on this connection, or configure an API key (CONDOR_API_KEY).',
    });
  };

  // The batch bookkeeping may fail on its own (a database blip): a call that could not be placed in its
  // batch is not run, and a call that ran keeps its answer.
  return async (name, args, site) => {
    const shellTool = shellToolOf(name);
    const offered = shellTool?.appOnly === true ? site.ui : offer.has(name);
    if (!offered) return toolFailure(renderError(unknownTool(name)).body);
    if (name === 'login' && connection === null) return toolFailure(renderError(loginNeedsConnection()).body);
    const { credential, bound } = site;
    let call: { end(): Promise<void> } | null = null;
    try {
      const batched = await batches.begin(principalOf(credential, services), site.batchKey);
      call = batched;
      const run = (tool: string, approval: ShellApproval | null = null) => execute(tool, args, executeContextOf(services, site, batched.batchKey, approval));
      const finish = (tool: string, outcome: ExecuteOutcome): CallToolResult => {
        if (outcome.isErr()) {
          if (bound && outcome.error.body.error === 'SESSION_INVALID') return endBinding(outcome.error.body);
          return toolFailure(outcome.error.body);
        }
        bind(outcome.value.session);
        return toolSuccess(outcome.value.value, linksOf(tool, outcome.value.value, offer));
      };
      if (shellTool === undefined) return finish(name, await run(name));
      const { runs } = shellTool;
      return await shellTool.handle({
        services,
        approvals,
        codec,
        credential,
        facts: site.facts,
        args,
        reach: reachOf(shellTool.asks, site.facts, connection !== null, site.ctx),
        run: (approval = null) => run(runs, approval),
        finish: (outcome) => finish(runs, outcome),
      });
    } catch (thrown) {
      logFailure('mcp_call_failed', name, thrown);
      return toolFailure(renderError(appError('INTERNAL_ERROR')).body);
    } finally {
      await call?.end().catch((thrown: unknown) => {
        logFailure('mcp_call_end_failed', name, thrown);
      });
    }
  };
}

/** `login` over HTTP: there is no session to bind, so the password would buy nothing but a transcript entry. */
const loginNeedsConnection = () =>
  appError('BAD_REQUEST', {
    message:
      'login cannot bind an MCP connection over HTTP: the protocol has no sessions there, so each request authenticates on its own.',
    suggestion:
      'Send every request with an Authorization: Bearer <access token> header (log in over REST at POST /v1/sessions), or use the stdio server, where login binds the connection.',
    seeTool: null,
  });
