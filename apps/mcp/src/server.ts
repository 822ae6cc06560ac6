import { randomUUID } from 'node:crypto';
import { authentication, execute, principalOf, scopeRefusal, type ProgressReporter, type Services, type Toolset } from '@condor/core';
import { Server, type ServerContext } from '@modelcontextprotocol/server';
import { NO_EXTRA_RESOURCES, ticketResource } from './apps/ticket-resource.js';
import { personApprovals } from './approval/person-approvals.js';
import { stateCodec } from './approval/request-state.js';
import { callSiteOf, credentialOf, executeContextOf, type Arrival, type CallSiteBase, type ToolCallSite } from './call-site.js';
import { clientFacts } from './client-facts.js';
import type { ConnectionLogin } from './connection-login.js';
import { unwrapArguments } from './raw-arguments.js';
import { offerOf } from './offer.js';
import { servePrompts, type PromptScopeGate } from './prompts.js';
import { serveResources, type Reader } from './resources.js';
import type { PrincipalBatches } from './principal-batches.js';
import { SERVER_INFO } from './server-info.js';
import { toolCaller } from './tool-caller.js';
import { toolListing } from './tool-list.js';

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
  const connection = options.connection ?? null;
  const offer = offerOf(options.toolsets);
  const approvals = personApprovals(services);
  // MCP Apps: the proposal tools open the order ticket; its resource and app-only tools exist for clients that declared the extension.
  const appsOffered = offer.has('confirm_proposal');
  const base: CallSiteBase = { serverId: randomUUID(), connection, configured: options.credential ?? null, appsOffered };

  // An elicitation's state is bound to the user the request acts for: another user's echo of it is refused.
  const codec = stateCodec(options.requestStateKey, (ctx) => principalOf(credentialOf(base, ctx.http?.authInfo?.token).credential, services) ?? 'nobody');
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {}, prompts: {} }, requestState: { verify: (state, ctx) => codec.verify(state, ctx) } });

  /** What the SDK read of the request; the direct path reads the same from its plain request. */
  const arrivalOf = (ctx: ServerContext): Arrival => ({
    bearer: ctx.http?.authInfo?.token,
    http: ctx.http?.authInfo?.extra,
    rpcId: ctx.mcpReq.id,
    meta: ctx.mcpReq._meta,
    facts: clientFacts(server, ctx),
    progress: progressOf(ctx),
    ctx,
  });
  const siteOf = (ctx: ServerContext): ToolCallSite => callSiteOf(base, arrivalOf(ctx));
  const forUi = (ctx: ServerContext): boolean => siteOf(ctx).ui;

  const tools = toolListing(offer);
  server.setRequestHandler('tools/list', (_request, ctx) => ({ tools: [...tools(forUi(ctx))] }));

  const callTool = toolCaller(services, { batches: options.batches, offer, connection, approvals, codec });
  server.setRequestHandler('tools/call', (request, ctx) => callTool(request.params.name, unwrapArguments(request.params.arguments), siteOf(ctx)));

  // Resource reads create nothing, so they stay out of the batch rule; a bound login that has ended unbinds as on a call.
  const reader: Reader = {
    authenticated: (ctx) => credentialOf(base, ctx.http?.authInfo?.token).credential !== null,
    read: async (tool, input, ctx) => {
      const site = siteOf(ctx);
      const outcome = await execute(tool, input, executeContextOf(services, site, null));
      if (outcome.isOk()) return { ok: true, value: outcome.value.value };
      if (site.bound && outcome.error.body.error === 'SESSION_INVALID') connection?.bind(null);
      return { ok: false, error: outcome.error };
    },
  };
  serveResources(server, services, reader, offer, appsOffered ? ticketResource(forUi) : NO_EXTRA_RESOURCES);

  const promptGate: PromptScopeGate = async (calls, ctx) => {
    const { credential, authenticated } = siteOf(ctx);
    if (credential === null) return null;
    const caller = await (authenticated ?? authentication(credential, services))();
    if (caller.isErr()) return null;
    return calls.map(({ tool, input }) => scopeRefusal(tool, input, caller.value)).find((refusal) => refusal !== null) ?? null;
  };
  servePrompts(server, offer, promptGate);

  return server;
}

/**
 * Sends `notifications/progress` for the call when the client gave a `_meta.progressToken`; null
 * otherwise. Reports at most once per percent of the work, and always the last one.
 */
function progressOf(ctx: ServerContext): ProgressReporter | null {
  const token = ctx.mcpReq._meta?.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') return null;
  let reported = -1;
  return async (done, total, message) => {
    const percent = Math.floor((100 * done) / Math.max(total, 1));
    if (percent === reported && done < total) return;
    reported = percent;
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message } });
  };
}
