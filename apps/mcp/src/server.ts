import { randomUUID } from 'node:crypto';
import { appError, execute, renderError, type ErrorResult, type ExecuteContext, type Services, type SessionEffect } from '@condor/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { batchOf, bearerOf, clientIpOf, progressOf, requestIdOf, type CallExtra } from './call-context.js';
import { SERVER_INFO } from './server-info.js';
import { LocalSessionState, type McpSessionState, type SessionCall } from './session-state.js';
import { toolFailure, toolSuccess } from './tool-result.js';
import { TOOLS } from './tools.js';

/** How a server finds credentials and batch keys its transport does not carry. */
export interface McpServerOptions {
  /** The token calls act with when they bring no Bearer token and no login bound the session (stdio: CONDOR_MCP_TOKEN). */
  readonly credential?: string | null;
  /** How long after a response the next call still joins its batch (default 1 s, design §5); for the default session state. */
  readonly batchWindowMs?: number;
  /** Where the session's bound token and batches live; default: in this server (stdio, in-process). */
  readonly session?: McpSessionState;
}

/**
 * One MCP server (one per session or stdio process): `tools/list` from the operation catalogue and
 * one `tools/call` handler that hands every call to core's `execute`. A successful `login` or
 * `refresh_session` binds this server to the issued token; `logout` clears the binding.
 *
 * @example
 * const server = createMcpServer(services, { credential: config.mcpToken });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(services: Services, options: McpServerOptions = {}): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} } });
  const serverId = randomUUID();
  const session = options.session ?? new LocalSessionState(services.clock, options.batchWindowMs);

  const contextOf = (extra: CallExtra, batchKey: string, credential: string | null): ExecuteContext => ({
    services,
    credential,
    requestId: requestIdOf(extra, serverId),
    batchKey,
    clientIp: clientIpOf(extra),
    progress: progressOf(extra),
  });

  const bind = async (effect: SessionEffect | null): Promise<void> => {
    if (effect?.kind === 'issued') await session.bind(effect.accessToken);
    if (effect?.kind === 'ended') await session.bind(null);
  };

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...TOOLS] }));

  // tools/call is taken raw, not through setRequestHandler: the SDK would check its params with zod
  // first and answer malformed arguments with a protocol error instead of our ErrorResult.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method !== 'tools/call') throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    return callTool(request.params, extra);
  };

  const logFailure = (event: string, tool: string, thrown: unknown): void => {
    services.logger.error(event, { tool: tool.slice(0, 100), error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown) });
  };

  // The login this session was bound to has ended (logout or revocation elsewhere, or expiry): so does the session.
  const endBoundSession = async (body: ErrorResult): Promise<CallToolResult> => {
    await session.end();
    return toolFailure({
      ...body,
      message: `${body.message} This MCP session was bound to that login and has ended with it.`,
      suggestion: 'Start a new MCP session and authenticate again (an API key or OAuth token as a Bearer token, or login).',
    });
  };

  // The session's bookkeeping (its batch, its binding) may fail on its own, e.g. a database blip: a call
  // that could not be placed in its batch is not run, and a call that ran keeps its answer.
  const callTool = async (params: unknown, extra: CallExtra): Promise<CallToolResult> => {
    const { name, args } = toolCallOf(params);
    let call: SessionCall | null = null;
    try {
      call = await session.begin(batchOf(extra));
      const bearer = bearerOf(extra);
      const bound = bearer === null ? await session.boundToken() : null;
      const credential = bearer ?? bound ?? options.credential ?? null;
      const outcome = await execute(name, args, contextOf(extra, call.batchKey, credential));
      if (outcome.isErr()) {
        if (bound !== null && outcome.error.body.error === 'SESSION_INVALID') return await endBoundSession(outcome.error.body);
        return toolFailure(outcome.error.body);
      }
      await bind(outcome.value.session).catch((thrown: unknown) => {
        logFailure('mcp_session_bind_failed', name, thrown);
      });
      return toolSuccess(outcome.value.value);
    } catch (thrown) {
      logFailure('mcp_call_failed', name, thrown);
      return toolFailure(renderError(appError('INTERNAL_ERROR')).body);
    } finally {
      await call?.end().catch((thrown: unknown) => {
        logFailure('mcp_call_end_failed', name, thrown);
      });
    }
  };

  return server;
}

/** The tool name and arguments of raw `tools/call` params; anything malformed is left for core to refuse. */
function toolCallOf(params: unknown): { name: string; args: unknown } {
  const record = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  return { name: typeof record.name === 'string' ? record.name : '', args: record.arguments ?? {} };
}
