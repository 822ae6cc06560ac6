import { randomUUID } from 'node:crypto';
import { renderHttpStatus, type Services } from '@condor/core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isOriginAllowed } from './origin.js';
import { createMcpServer } from './server.js';

/** What the enclosing HTTP app found out about the request before handing it over. */
export interface McpHttpAuth {
  /** The Bearer token (or session cookie) of the request, or null. */
  readonly credential: string | null;
  /** The request id the app reports in `X-Request-Id`; each tool call's request id starts with it. */
  readonly requestId: string;
}

export interface McpHttpOptions {
  /** Browser origins besides the endpoint's own host that may call it (DNS-rebinding protection). */
  readonly allowedOrigins?: readonly string[];
}

export type McpHttpHandler = (request: Request, auth: McpHttpAuth) => Promise<Response>;

const errorResponse = (status: number, message: string): Response =>
  Response.json(renderHttpStatus(status, message).body, { status });

/**
 * The Streamable HTTP endpoint in stateful mode: `initialize` opens a session with its own server,
 * later requests name it in `mcp-session-id`, DELETE ends it. Every POST gets a fresh batch key,
 * shared by all the messages of a JSON-RPC batch.
 *
 * @example
 * const mcp = createMcpHttpHandler(services, { allowedOrigins: config.allowedOrigins });
 * app.all('/mcp', (c) => mcp(c.req.raw, { credential: bearerOf(c), requestId: c.get('requestId') }));
 */
export function createMcpHttpHandler(services: Services, options: McpHttpOptions = {}): McpHttpHandler {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const allowedOrigins = options.allowedOrigins ?? [];

  const open = async () => {
    const server = createMcpServer(services);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        server.onclose = () => sessions.delete(id);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    await server.connect(transport);
    return { transport, server };
  };

  return async (request, auth) => {
    if (!isOriginAllowed(request, allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    const authInfo = {
      token: auth.credential ?? '',
      clientId: 'condor',
      scopes: [],
      extra: { batchKey: randomUUID(), requestId: auth.requestId },
    };
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const transport = sessions.get(sessionId);
      if (transport === undefined) {
        return errorResponse(404, 'Unknown or ended MCP session; send initialize without mcp-session-id to start a new one.');
      }
      return transport.handleRequest(request, { authInfo });
    }
    const { transport, server } = await open();
    const response = await transport.handleRequest(request, { authInfo });
    if (transport.sessionId === undefined) await server.close();
    return response;
  };
}
