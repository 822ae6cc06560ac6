import { randomUUID } from 'node:crypto';
import { renderHttpStatus, type McpSessionStore, type Services } from '@condor/core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { isHostAllowed } from './allowed-host.js';
import { isOriginAllowed } from './origin.js';
import { createMcpServer } from './server.js';
import { StoredSessionState } from './stored-session-state.js';

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
  /** Where sessions live; in the database, every instance behind a load balancer can answer every session. */
  readonly sessions: McpSessionStore;
  /** Browser origins besides the endpoint's own host that may call it. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Host names the endpoint answers to, each optionally with `:port` (DNS-rebinding protection: a rebound
   * name arrives in `Host`). Absent: any host. A server bound to loopback passes the loopback names.
   */
  readonly allowedHosts?: readonly string[];
  /** A session unused this long is ended (default 30 minutes). */
  readonly idleTimeoutMs?: number;
  /** How long after a response the session's next call still joins its batch (default 1 s, design §5). */
  readonly batchWindowMs?: number;
}

/** The names a loopback-bound server is reached by. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** Idle sessions are swept at most this often per instance. */
const SWEEP_INTERVAL_MS = 60_000;

export type McpHttpHandler = (request: Request, auth: McpHttpAuth) => Promise<Response>;

const errorResponse = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  Response.json(renderHttpStatus(status, message).body, { status, headers });

/**
 * The Streamable HTTP endpoint. Sessions live in the McpSessionStore, not in this process: `initialize`
 * opens one and names it in `mcp-session-id`, later POSTs are checked against the store and answered
 * by a fresh server on whichever instance they reach, DELETE ends it. Every POST gets a fresh batch key,
 * shared by all the messages of a JSON-RPC batch; the store joins calls of the session into batches.
 * Each POST streams its own responses and progress, so there is no standalone GET stream (405).
 *
 * @example
 * const mcp = createMcpHttpHandler(services, { sessions: new SqlMcpSessionStore(db), allowedOrigins: config.allowedOrigins });
 * app.all('/mcp', (c) => mcp(c.req.raw, { credential: bearerOf(c), requestId: c.get('requestId') }));
 */
export function createMcpHttpHandler(services: Services, options: McpHttpOptions): McpHttpHandler {
  const { sessions, allowedHosts, idleTimeoutMs = 30 * 60_000 } = options;
  const allowedOrigins = options.allowedOrigins ?? [];
  const deps = { store: sessions, secrets: services.secrets, clock: services.clock, ...(options.batchWindowMs === undefined ? {} : { batchWindowMs: options.batchWindowMs }) };
  let lastSweep = Number.NEGATIVE_INFINITY;

  // Session ids are bearer secrets once a login binds one: the store keeps only their digest.
  const keyOf = (sessionId: string): string => services.digest.sha256(sessionId);

  const sweep = async (now: number): Promise<void> => {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await sessions.endIdle(now - idleTimeoutMs).catch((thrown: unknown) => {
      services.logger.warn('mcp_session_sweep_failed', { error: thrown instanceof Error ? thrown.message : String(thrown) });
    });
  };

  const authInfoOf = (auth: McpHttpAuth) => ({
    token: auth.credential ?? '',
    clientId: 'condor',
    scopes: [],
    extra: { batchKey: randomUUID(), requestId: auth.requestId, clientIp: auth.clientIp ?? null },
  });

  /** Hands the request to a fresh server on a stateless SDK transport (no sessionIdGenerator): the session is ours, in the store. */
  const answer = async (request: Request, auth: McpHttpAuth, session: StoredSessionState | null, asJson: boolean): Promise<Response> => {
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: asJson });
    await createMcpServer(services, session === null ? {} : { session }).connect(transport);
    return transport.handleRequest(request, { authInfo: authInfoOf(auth) });
  };

  /** Answers initialize as JSON, so that a session is recorded only for an initialize that succeeded. */
  const initialize = async (request: Request, auth: McpHttpAuth): Promise<Response> => {
    const now = services.clock.now();
    await sweep(now);
    const response = await answer(request, auth, null, true);
    const text = await response.text();
    const headers = new Headers(response.headers);
    if (response.status === 200 && succeeded(text)) {
      const sessionId = randomUUID();
      await sessions.create(keyOf(sessionId), now);
      headers.set('mcp-session-id', sessionId);
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  };

  return async (request, auth) => {
    if (allowedHosts !== undefined && !isHostAllowed(request, allowedHosts)) {
      return errorResponse(403, 'Host not allowed');
    }
    if (!isOriginAllowed(request, allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    if (request.method !== 'POST' && request.method !== 'DELETE') {
      return errorResponse(405, 'This endpoint takes POST and DELETE; there is no standalone event stream: each POST streams its own responses.', {
        allow: 'POST, DELETE',
      });
    }
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId === null) {
      if (await isInitialize(request)) return initialize(request, auth);
      return errorResponse(400, 'Send initialize without mcp-session-id to start a session, then name it in mcp-session-id.');
    }
    const key = keyOf(sessionId);
    if (request.method === 'DELETE') {
      return (await sessions.end(key)) ? new Response(null, { status: 200 }) : unknownSession();
    }
    const found = await sessions.touch(key, services.clock.now(), idleTimeoutMs);
    if (found === null) return unknownSession();
    return answer(request, auth, new StoredSessionState(key, found.boundToken, deps), false);
  };
}

const unknownSession = (): Response =>
  errorResponse(404, 'Unknown or ended MCP session; send initialize without mcp-session-id to start a new one.');

/** Whether the POST body is one well-formed JSON-RPC `initialize` request (read from a copy; the transport reads the original). */
async function isInitialize(request: Request): Promise<boolean> {
  try {
    const message: unknown = await request.clone().json();
    return isInitializeRequest(message) && 'id' in message;
  } catch {
    return false;
  }
}

/** Whether a JSON-RPC answer is a result, not an error. */
function succeeded(text: string): boolean {
  try {
    const message: unknown = JSON.parse(text);
    return typeof message === 'object' && message !== null && 'result' in message && !('error' in message);
  } catch {
    return false;
  }
}
