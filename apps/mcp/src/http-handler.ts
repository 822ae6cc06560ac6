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
  /** The client's address (login throttling), or null when unknown. */
  readonly clientIp?: string | null;
}

export interface McpHttpOptions {
  /** Browser origins besides the endpoint's own host that may call it. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Host names the endpoint answers to (DNS-rebinding protection: a rebound name arrives in `Host`).
   * Absent: any host. A server bound to loopback passes the loopback names.
   */
  readonly allowedHosts?: readonly string[];
  /** A session unused this long is closed (default 30 minutes). */
  readonly idleTimeoutMs?: number;
  /** At most this many open sessions; opening one more closes the least recently used (default 1000). */
  readonly maxSessions?: number;
  readonly now?: () => number;
}

/** The names a loopback-bound server is reached by. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly close: () => Promise<void>;
  lastSeen: number;
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
  const sessions = new Map<string, Session>();
  const allowedOrigins = options.allowedOrigins ?? [];
  const { allowedHosts, idleTimeoutMs = 30 * 60_000, maxSessions = 1_000, now = Date.now } = options;

  const evict = (id: string): void => {
    const session = sessions.get(id);
    sessions.delete(id);
    if (session !== undefined) void session.close();
  };
  const sweep = (at: number): void => {
    for (const [id, session] of sessions) if (at - session.lastSeen >= idleTimeoutMs) evict(id);
    while (sessions.size >= maxSessions) {
      const oldest = [...sessions.entries()].reduce((a, b) => (b[1].lastSeen < a[1].lastSeen ? b : a));
      evict(oldest[0]);
    }
  };

  const open = async () => {
    const server = createMcpServer(services);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sweep(now());
        sessions.set(id, { transport, close: () => server.close(), lastSeen: now() });
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
    if (allowedHosts !== undefined && !allowedHosts.includes(new URL(request.url).hostname)) {
      return errorResponse(403, 'Host not allowed');
    }
    if (!isOriginAllowed(request, allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    const authInfo = {
      token: auth.credential ?? '',
      clientId: 'condor',
      scopes: [],
      extra: { batchKey: randomUUID(), requestId: auth.requestId, clientIp: auth.clientIp ?? null },
    };
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = sessions.get(sessionId);
      if (session === undefined || now() - session.lastSeen >= idleTimeoutMs) {
        if (session !== undefined) evict(sessionId);
        return errorResponse(404, 'Unknown or ended MCP session; send initialize without mcp-session-id to start a new one.');
      }
      session.lastSeen = now();
      return session.transport.handleRequest(request, { authInfo });
    }
    const { transport, server } = await open();
    const response = await transport.handleRequest(request, { authInfo });
    if (transport.sessionId === undefined) await server.close();
    return response;
  };
}
