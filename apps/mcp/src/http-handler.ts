import { randomUUID } from 'node:crypto';
import { authentication, insufficientScopeChallenge, renderHttpStatus, type Authentication, type CallBatchStore, type Services, type Toolset } from '@condor/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { isHostAllowed } from './allowed-host.js';
import type { HttpRequestFacts } from './call-site.js';
import { directPath } from './direct/direct-path.js';
import { directRouteOf } from './direct/direct-route.js';
import { isOriginAllowed } from './origin.js';
import { offerOf } from './offer.js';
import { BATCH_WINDOW_MS, PrincipalBatches, STALE_CALL_MS } from './principal-batches.js';
import { wrapRawArguments } from './raw-arguments.js';
import { missingScope } from './scope-challenge.js';
import { sdkPath } from './sdk-path.js';
import { createMcpServer } from './server.js';

/** What the enclosing HTTP app found out about the request before handing it over. */
export interface McpHttpAuth {
  /** The Bearer token of the request, or null. */
  readonly credential: string | null;
  /** The request id the app reports in `X-Request-Id`; each tool call's request id starts with it. */
  readonly requestId: string;
  /** The client's address (login throttling), or null when unknown. */
  readonly clientIp?: string | null;
  /**
   * The authentication of `credential` the app already started (`authentication(credential, services)`), to be
   * shared rather than repeated; absent: the endpoint starts its own, once per request.
   */
  readonly authenticated?: Authentication;
}

export interface McpHttpOptions {
  /** Where the batch rule is decided; in the database, every instance behind a load balancer agrees. */
  readonly batches: CallBatchStore;
  /** Browser origins besides the endpoint's own host that may call it. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Host names the endpoint answers to, each optionally with `:port` (DNS-rebinding protection: a rebound
   * name arrives in `Host`). Absent: any host. A server bound to loopback passes the loopback names.
   */
  readonly allowedHosts?: readonly string[];
  /** How long after a principal's response its next call still joins its batch (default 1 s, design §5). */
  readonly batchWindowMs?: number;
  /** The toolsets the endpoint offers (CONDOR_MCP_TOOLSETS); every one when absent. */
  readonly toolsets?: readonly Toolset[] | undefined;
  /**
   * Signs the elicitation state a 2026-07-28 client echoes in its second round, which any instance may receive:
   * every instance needs the same key (`deriveRequestStateKey(signing key)`). Absent: a key of this process only.
   */
  readonly requestStateKey?: Uint8Array | string | undefined;
  /**
   * Whether plain single requests (`directRouteOf`) are answered beside the SDK, without a server and transport per
   * request (default true). False sends every request through the SDK: the differential tests compare the two paths.
   */
  readonly directPath?: boolean;
}

/** The names a loopback-bound server is reached by. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** Principals idle this long are purged from the batch store, at most once per interval per instance. */
const PURGE_IDLE_MS = 60 * 60_000;
const PURGE_INTERVAL_MS = 10 * 60_000;

export type McpHttpHandler = (request: Request, auth: McpHttpAuth) => Promise<Response>;

const errorResponse = (status: number, message: string, headers: Record<string, string> = {}): Response =>
  Response.json(renderHttpStatus(status, message).body, { status, headers });

/**
 * The Streamable HTTP endpoint, stateless for both protocol eras: a 2026-07-28 request (`server/discover`,
 * per-request version and capabilities) and a 2025 request (`initialize`, no session id) are each answered
 * by a fresh server on whichever instance they reach. Nothing about a client is kept between requests but
 * its principal's batches, in the shared store. A plain single request (`tools/call` of a tool whose call needs nothing
 * from the client, `tools/list`, 2025 `ping`: see `directRouteOf`) is answered by the direct path beside the SDK, with
 * the same tool table, call site, caller and answer bytes but without a server and transport per request; everything
 * else goes to the SDK path (`sdkPath`).
 *
 * @example
 * const mcp = createMcpHttpHandler(services, { batches: new SqlCallBatchStore(db), allowedHosts: LOOPBACK_HOSTS });
 * app.all('/mcp', (c) => mcp(c.req.raw, { credential: bearerOf(c), requestId: c.get('requestId') }));
 */
export function createMcpHttpHandler(services: Services, options: McpHttpOptions): McpHttpHandler {
  const { allowedHosts, toolsets, requestStateKey } = options;
  const allowedOrigins = options.allowedOrigins ?? [];
  const batches = new PrincipalBatches(options.batches, services.clock, options.batchWindowMs ?? BATCH_WINDOW_MS);
  const offer = offerOf(toolsets);
  const factory = () => createMcpServer(services, { batches, toolsets, requestStateKey });
  const onerror = (error: Error): void => {
    services.logger.warn('mcp_request_refused', { error: error.message.slice(0, 300) });
  };
  const sdk = sdkPath(factory, onerror);
  const direct = options.directPath === false ? null : directPath(services, { batches, offer });
  let lastPurge = Number.NEGATIVE_INFINITY;

  const purgeIdle = (now: number): void => {
    if (now - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now;
    options.batches.purgeIdle(now - Math.max(PURGE_IDLE_MS, STALE_CALL_MS)).catch((thrown: unknown) => {
      services.logger.warn('mcp_batch_purge_failed', { error: thrown instanceof Error ? thrown.message : String(thrown) });
    });
  };

  const factsOf = (auth: McpHttpAuth, authenticated: Authentication): HttpRequestFacts => ({
    requestId: auth.requestId,
    clientIp: auth.clientIp ?? null,
    batchKey: randomUUID(),
    authenticated,
  });
  const authInfoOf = (auth: McpHttpAuth, facts: HttpRequestFacts): AuthInfo => ({ token: auth.credential ?? '', clientId: 'condor', scopes: [], extra: { ...facts } });

  return async (request, auth) => {
    if (allowedHosts !== undefined && !isHostAllowed(request, allowedHosts)) return errorResponse(403, 'Host not allowed');
    if (!isOriginAllowed(request, allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    if (request.method !== 'POST') {
      return errorResponse(405, 'This endpoint takes POST only: it keeps no sessions, and each POST streams its own responses.', {
        allow: 'POST',
      });
    }
    purgeIdle(services.clock.now());
    const text = await request.text();
    const parsed = parsedJson(text);
    const authenticated = auth.authenticated ?? authentication(auth.credential, services);
    const facts = factsOf(auth, authenticated);
    if (parsed === undefined) {
      // Not JSON: the SDK answers with its JSON-RPC parse error, from a copy of the request that still has its body.
      return sdk(new Request(request.url, { method: 'POST', headers: request.headers, body: text }), undefined, authInfoOf(auth, facts));
    }
    const missing = await missingScope(parsed, authenticated, offer);
    const parsedBody = wrapRawArguments(parsed);
    const route = direct === null ? null : directRouteOf(request, parsedBody);
    const response = route !== null && direct !== null ? await direct(route, auth.credential, facts) : await sdk(request, parsedBody, authInfoOf(auth, facts));
    return missing === null ? response : withHeader(response, 'WWW-Authenticate', insufficientScopeChallenge(missing.needed, missing.alongside));
  };
}

/** The response with one more header (a fresh Response: the SDK's may have immutable headers). */
function withHeader(response: Response, name: string, value: string): Response {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
