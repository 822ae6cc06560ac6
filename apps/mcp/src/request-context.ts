import type { Authentication, ProgressReporter } from '@condor/core';
import type { ServerContext } from '@modelcontextprotocol/server';

/** What the HTTP endpoint found out about a request, handed to the server in `authInfo.extra`. */
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

const MAX_CLIENT_BATCH_LENGTH = 128;

/** `value` when it is a non-empty string, else null. */
export const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The Bearer token the endpoint read from this request; '' stands for none. */
export const bearerOf = (ctx: ServerContext): string | null => nonEmpty(ctx.http?.authInfo?.token);

/**
 * The batch key a call's `_meta` names in `batch` (≤ 128 characters), else `assigned` (the endpoint's per-POST key);
 * null when neither is there (stdio without a name).
 */
export function namedBatchOr(meta: Readonly<Record<string, unknown>> | undefined, assigned: unknown): string | null {
  const named = nonEmpty(meta?.batch);
  if (named !== null && named.length <= MAX_CLIENT_BATCH_LENGTH) return named;
  return nonEmpty(assigned);
}

/** The batch key of the call `ctx` (see namedBatchOr). */
export const batchOf = (ctx: ServerContext): string | null => namedBatchOr(ctx.mcpReq._meta, ctx.http?.authInfo?.extra?.batchKey);

/** A call's request id: the HTTP request id (when the call came over HTTP) or `fallback`, then the JSON-RPC id. */
export const callRequestId = (httpRequestId: unknown, fallback: string, rpcId: unknown): string => `${nonEmpty(httpRequestId) ?? fallback}:${String(rpcId)}`;

/** The HTTP request id (when the call came over HTTP) or the server's own id, then the JSON-RPC id. */
export const requestIdOf = (ctx: ServerContext, serverId: string): string => callRequestId(ctx.http?.authInfo?.extra?.requestId, serverId, ctx.mcpReq.id);

/** The client's address the HTTP endpoint saw; null over stdio. */
export const clientIpOf = (ctx: ServerContext): string | null => nonEmpty(ctx.http?.authInfo?.extra?.clientIp);

/**
 * Sends `notifications/progress` for the call when the client gave a `_meta.progressToken`; null
 * otherwise. Reports at most once per percent of the work, and always the last one.
 */
export function progressOf(ctx: ServerContext): ProgressReporter | null {
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

/** The shared authentication of the request's Bearer credential (HTTP); undefined over stdio. */
export function authenticatedOf(ctx: ServerContext): Authentication | undefined {
  const shared = ctx.http?.authInfo?.extra?.authenticated;
  return typeof shared === 'function' ? (shared as Authentication) : undefined;
}
