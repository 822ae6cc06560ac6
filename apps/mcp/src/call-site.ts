import type { Authentication, ExecuteContext, ProgressReporter, Services, ShellApproval, execute } from '@condor/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { declaresUi } from './apps/ui-extension.js';
import type { ClientFacts } from './client-facts.js';
import type { ConnectionLogin } from './connection-login.js';

/** What the HTTP endpoint found out about a request, handed to the server in `authInfo.extra` and to the direct path as it is. */
export interface HttpRequestFacts {
  /** The request id the app reports in `X-Request-Id`; each tool call's request id starts with it. */
  readonly requestId: string;
  /** The client's address (login throttling), or null when unknown. */
  readonly clientIp: string | null;
  /** The batch key this POST brings to its principal's batches (one per POST). */
  readonly batchKey: string;
  /** The authentication of the request's Bearer credential, started once and shared with every call it carries. */
  readonly authenticated: Authentication;
}

/**
 * What a transport read of one request, before the rules below make it a call site: from the SDK's context, or from
 * the direct path's plain request. The two paths differ in nothing else.
 */
export interface Arrival {
  /** The request's Bearer token; '' or absent: none. */
  readonly bearer: unknown;
  /** The HTTP endpoint's `HttpRequestFacts` as they reached this side (the SDK carries them untyped); undefined over stdio. */
  readonly http: { readonly [K in keyof HttpRequestFacts]?: unknown } | undefined;
  /** The JSON-RPC id. */
  readonly rpcId: unknown;
  /** The request's `_meta`, where a client may name its batch. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  readonly facts: ClientFacts;
  readonly progress: ProgressReporter | null;
  /** The SDK's context, through which a shell tool may ask the client; null on the direct path. */
  readonly ctx: ServerContext | null;
}

/** What every call of one server (or of the HTTP endpoint's direct path) shares. */
export interface CallSiteBase {
  /** Stands in for the HTTP request id where there is none (stdio). */
  readonly serverId: string;
  /** The connection's login binding (stdio); null over HTTP. */
  readonly connection: ConnectionLogin | null;
  /** The credential calls act with when they bring none and no login bound the connection (stdio's configured key); null over HTTP. */
  readonly configured: string | null;
  /** Whether this server offers the MCP Apps ticket (its toolsets include confirm_proposal). */
  readonly appsOffered: boolean;
}

/**
 * What one tool call (or resource read, or prompt) brings besides its name and arguments, however it arrived: both
 * paths build it with `callSiteOf`, so they run the very same call.
 */
export interface ToolCallSite {
  /** The token the call acts with; `bound` when it is the connection's login (stdio). */
  readonly credential: string | null;
  readonly bound: boolean;
  /** The request's authentication of `credential`, already started by the HTTP endpoint; undefined: start one. */
  readonly authenticated: Authentication | undefined;
  /** The batch key the client named or the transport assigned (design §5), or null. */
  readonly batchKey: string | null;
  readonly requestId: string;
  readonly clientIp: string | null;
  readonly progress: ProgressReporter | null;
  readonly facts: ClientFacts;
  /** Whether the client takes the MCP Apps views (the ticket's app-only tools are offered to it). */
  readonly ui: boolean;
  readonly ctx: ServerContext | null;
}

/** What one `execute` call answers; a tool's `finish` turns it into the call's result. */
export type ExecuteOutcome = Awaited<ReturnType<typeof execute>>;

const MAX_CLIENT_BATCH_LENGTH = 128;

/** `value` when it is a non-empty string, else null. */
export const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The token a request acts with: its Bearer token, else the connection's login (`bound`), else the configured one. */
export function credentialOf(base: CallSiteBase, bearer: unknown): { readonly credential: string | null; readonly bound: boolean } {
  const fromBearer = nonEmpty(bearer);
  const bound = fromBearer === null ? (base.connection?.boundToken() ?? null) : null;
  return { credential: fromBearer ?? bound ?? base.configured, bound: bound !== null };
}

/**
 * The batch key a call's `_meta` names in `batch` (≤ 128 characters), else `assigned` (the endpoint's per-POST key);
 * null when neither is there (stdio without a name).
 */
export function namedBatchOr(meta: Readonly<Record<string, unknown>> | undefined, assigned: unknown): string | null {
  const named = nonEmpty(meta?.batch);
  if (named !== null && named.length <= MAX_CLIENT_BATCH_LENGTH) return named;
  return nonEmpty(assigned);
}

/**
 * The one way a call's context is built, for both paths: who it acts as (and whether the endpoint's authentication
 * of that credential can be reused), its batch, its request id (the HTTP request id or the server's, then the
 * JSON-RPC id), the client's address, and what the client takes.
 *
 * @example
 * callSiteOf({ serverId, connection: null, configured: null, appsOffered: true }, { bearer, http: facts, rpcId: 1, meta, facts: client, progress: null, ctx: null });
 */
export function callSiteOf(base: CallSiteBase, arrival: Arrival): ToolCallSite {
  const { credential, bound } = credentialOf(base, arrival.bearer);
  const { http } = arrival;
  const shared = http?.authenticated;
  return {
    credential,
    bound,
    // The endpoint authenticated the Bearer credential already (for its scope challenge): a call acting with it reuses that.
    authenticated: typeof shared === 'function' && credential !== null && credential === nonEmpty(arrival.bearer) ? (shared as Authentication) : undefined,
    batchKey: namedBatchOr(arrival.meta, http?.batchKey),
    requestId: `${nonEmpty(http?.requestId) ?? base.serverId}:${String(arrival.rpcId)}`,
    clientIp: nonEmpty(http?.clientIp),
    progress: arrival.progress,
    facts: arrival.facts,
    ui: base.appsOffered && declaresUi(arrival.facts.capabilities),
    ctx: arrival.ctx,
  };
}

/** The context `execute` runs a call of `site` in, inside batch `batchKey`, with a person's approval when there is one. */
export const executeContextOf = (services: Services, site: ToolCallSite, batchKey: string | null, approval: ShellApproval | null = null): ExecuteContext => ({
  services,
  credential: site.credential,
  ...(site.authenticated === undefined ? {} : { authenticated: site.authenticated }),
  requestId: site.requestId,
  batchKey,
  clientIp: site.clientIp,
  progress: site.progress,
  client: site.facts.client,
  approval,
});
