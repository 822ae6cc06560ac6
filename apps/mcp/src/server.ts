import { randomUUID } from 'node:crypto';
import {
  appError,
  authentication,
  execute,
  principalOf,
  renderError,
  scopeRefusal,
  type ErrorResult,
  type ExecuteContext,
  type Services,
  type SessionEffect,
  type ShellApproval,
  type Toolset,
  unknownTool,
} from '@condor/core';
import { Server, type CallToolResult, type InputRequiredResult, type ServerContext } from '@modelcontextprotocol/server';
import { APP_TOOLS } from './apps/app-tools.js';
import { NO_EXTRA_RESOURCES, ticketResource } from './apps/ticket-resource.js';
import { declaresUi, TICKET_TOOLS, withTicketView } from './apps/ui-extension.js';
import { personApprovals } from './approval/person-approvals.js';
import { stateCodec } from './approval/request-state.js';
import { clientFacts } from './client-facts.js';
import { authenticatedOf, batchOf, bearerOf, clientIpOf, progressOf, requestIdOf } from './request-context.js';
import type { ConnectionLogin } from './connection-login.js';
import { unwrapArguments } from './raw-arguments.js';
import { offerOf } from './offer.js';
import { servePrompts, type PromptScopeGate } from './prompts.js';
import { linksOf } from './resource-links.js';
import { serveResources, type Reader } from './resources.js';
import type { PrincipalBatches } from './principal-batches.js';
import { SERVER_INFO } from './server-info.js';
import { shellToolOf } from './shell-tools.js';
import { toolFailure, toolSuccess, type ExecuteOutcome } from './tool-result.js';

/** What one server instance (one HTTP request, or one stdio connection) needs besides the services. */
export interface McpServerOptions {
  /** Where the batch rule of design §5 is decided (shared by every instance). */
  readonly batches: PrincipalBatches;
  /** The credential calls act with when they bring no Bearer token and no login bound the connection (stdio: CONDOR_API_KEY or CONDOR_MCP_TOKEN). */
  readonly credential?: string | null;
  /** The connection's login binding where the transport has connections (stdio); null over HTTP. */
  readonly connection?: ConnectionLogin | null;
  /** The toolsets this server offers (CONDOR_MCP_TOOLSETS); every one when absent. */
  readonly toolsets?: readonly Toolset[] | undefined;
  /**
   * Signs the 2026-07-28 elicitation state (`deriveRequestStateKey(signing key)`): every instance that may see a
   * client's second round must share it. Absent: a key of this process, enough where one process serves every round (stdio).
   */
  readonly requestStateKey?: Uint8Array | string | undefined;
}

/**
 * One MCP server for one serving unit: `tools/list` from the operation catalogue (the offered toolsets,
 * in catalogue order) and one `tools/call` handler that hands every call to core's `execute`, inside its
 * principal's batch (the shell tools of `SHELL_TOOLS` around it); resources and prompts beside them (resources.ts, prompts.ts). Over a connection
 * (stdio) a successful `login` binds it and `logout` unbinds it; over HTTP every request carries its own
 * Bearer token and `login` is refused with a pointer to that.
 *
 * @example
 * serveStdio(() => createMcpServer(services, { batches, credential: config.mcpToken, connection: new ConnectionLogin() }));
 */
export function createMcpServer(services: Services, options: McpServerOptions): Server {
  const serverId = randomUUID();
  const connection = options.connection ?? null;
  const offer = offerOf(options.toolsets);
  const approvals = personApprovals(services);

  /** The token a request acts with: its Bearer token, else the connection's login (`bound`), else the configured one. */
  const credentialOf = (ctx: ServerContext): { credential: string | null; bound: boolean } => {
    const bearer = bearerOf(ctx);
    const bound = bearer === null ? (connection?.boundToken() ?? null) : null;
    return { credential: bearer ?? bound ?? options.credential ?? null, bound: bound !== null };
  };

  // An elicitation's state is bound to the user the request acts for: another user's echo of it is refused.
  const codec = stateCodec(options.requestStateKey, (ctx) => principalOf(credentialOf(ctx).credential, services) ?? 'nobody');
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {}, prompts: {} }, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } });

  // MCP Apps: the proposal tools open the order ticket; its resource and app-only tools exist for clients that declared the extension.
  const appsOffered = offer.has('confirm_proposal');
  const forUi = (ctx: ServerContext): boolean => appsOffered && declaresUi(clientFacts(server, ctx).capabilities);
  const listed = offer.tools.map((tool) => (TICKET_TOOLS.has(tool.name) ? withTicketView(tool) : tool));

  server.setRequestHandler('tools/list', (_request, ctx) => ({ tools: forUi(ctx) ? [...listed, ...APP_TOOLS] : [...listed] }));
  server.setRequestHandler('tools/call', (request, ctx) => callTool(request.params.name, unwrapArguments(request.params.arguments), ctx));

  const logFailure = (event: string, tool: string, thrown: unknown): void => {
    services.logger.error(event, { tool: tool.slice(0, 100), error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown) });
  };

  // Over HTTP the endpoint has authenticated the Bearer credential already (for its scope challenge): calls reuse that.
  const sharedAuthentication = (ctx: ServerContext, credential: string | null) => {
    const shared = authenticatedOf(ctx);
    return shared !== undefined && credential !== null && credential === bearerOf(ctx) ? { authenticated: shared } : {};
  };

  const contextOf = (ctx: ServerContext, batchKey: string | null, credential: string | null, approval: ShellApproval | null = null): ExecuteContext => ({
    services,
    credential,
    ...sharedAuthentication(ctx, credential),
    requestId: requestIdOf(ctx, serverId),
    batchKey,
    clientIp: clientIpOf(ctx),
    progress: progressOf(ctx),
    client: clientFacts(server, ctx).client,
    approval,
  });

  // Resource reads create nothing, so they stay out of the batch rule; a bound login that has ended unbinds as on a call.
  const reader: Reader = {
    authenticated: (ctx) => credentialOf(ctx).credential !== null,
    read: async (tool, input, ctx) => {
      const { credential, bound } = credentialOf(ctx);
      const outcome = await execute(tool, input, contextOf(ctx, null, credential));
      if (outcome.isOk()) return { ok: true, value: outcome.value.value };
      if (bound && outcome.error.body.error === 'SESSION_INVALID') connection?.bind(null);
      return { ok: false, error: outcome.error };
    },
  };
  serveResources(server, services, reader, offer, appsOffered ? ticketResource(forUi) : NO_EXTRA_RESOURCES);

  const promptGate: PromptScopeGate = async (calls, ctx) => {
    const { credential } = credentialOf(ctx);
    if (credential === null) return null;
    const caller = await (sharedAuthentication(ctx, credential).authenticated ?? authentication(credential, services))();
    if (caller.isErr()) return null;
    return calls.map(({ tool, input }) => scopeRefusal(tool, input, caller.value)).find((refusal) => refusal !== null) ?? null;
  };
  servePrompts(server, offer, promptGate);

  const bind = (effect: SessionEffect | null): void => {
    if (effect?.kind === 'issued') connection?.bind(effect.accessToken);
    if (effect?.kind === 'ended') connection?.bind(null);
  };

  // The batch bookkeeping may fail on its own (a database blip): a call that could not be placed in its
  // batch is not run, and a call that ran keeps its answer.
  const callTool = async (name: string, args: unknown, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
    const shellTool = shellToolOf(name);
    const offered = shellTool?.appOnly === true ? forUi(ctx) : offer.has(name);
    if (!offered) return toolFailure(renderError(unknownTool(name)).body);
    if (name === 'login' && connection === null) return toolFailure(renderError(loginNeedsConnection()).body);
    const { credential, bound } = credentialOf(ctx);
    let call: { end(): Promise<void> } | null = null;
    try {
      const batched = await options.batches.begin(principalOf(credential, services), batchOf(ctx));
      call = batched;
      const run = (tool: string, approval: ShellApproval | null = null) => execute(tool, args, contextOf(ctx, batched.batchKey, credential, approval));
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
        facts: clientFacts(server, ctx),
        connected: connection !== null,
        args,
        ctx,
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

  // The login this connection was bound to has ended (logout or revocation elsewhere, or expiry): so does the binding.
  const endBinding = (body: ErrorResult): CallToolResult => {
    connection?.bind(null);
    return toolFailure({
      ...body,
      message: `${body.message} This MCP connection was bound to that login, and the binding has ended with it.`,
      suggestion: 'Authenticate again: call login on this connection, or configure an API key (CONDOR_API_KEY).',
    });
  };

  return server;
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
