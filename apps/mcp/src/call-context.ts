import type { ProgressReporter } from '@condor/core';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

/** The parts of the SDK's per-request `extra` a tool call's context is drawn from. */
export interface CallExtra {
  readonly requestId: string | number;
  readonly authInfo?: AuthInfo | undefined;
  readonly _meta?: Readonly<Record<string, unknown>> | undefined;
  readonly sendNotification?: ((notification: ProgressNotification) => Promise<void>) | undefined;
}

/** The MCP `notifications/progress` message. */
export interface ProgressNotification {
  readonly method: 'notifications/progress';
  readonly params: { readonly progressToken: string | number; readonly progress: number; readonly total: number; readonly message: string };
}

const MAX_CLIENT_BATCH_LENGTH = 128;

const nonEmpty = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The Bearer token the transport authenticated this request with; '' stands for none. */
export const bearerOf = (extra: CallExtra): string | null => nonEmpty(extra.authInfo?.token);

/**
 * The batch key the transport or the client assigned: the HTTP handler's per-POST key, else a
 * `_meta.batch` string the client named; null when neither is there.
 */
export function batchOf(extra: CallExtra): string | null {
  const minted = nonEmpty(extra.authInfo?.extra?.batchKey);
  if (minted !== null) return minted;
  const named = nonEmpty(extra._meta?.batch);
  return named !== null && named.length <= MAX_CLIENT_BATCH_LENGTH ? named : null;
}

/** The HTTP request id (when the call came over HTTP) or the server's own id, then the JSON-RPC id. */
export const requestIdOf = (extra: CallExtra, serverId: string): string =>
  `${nonEmpty(extra.authInfo?.extra?.requestId) ?? serverId}:${String(extra.requestId)}`;

/** The client's address the HTTP handler saw; null over stdio and in-process. */
export const clientIpOf = (extra: CallExtra): string | null => nonEmpty(extra.authInfo?.extra?.clientIp);

/**
 * Sends `notifications/progress` for the call when the client gave a `_meta.progressToken`; null
 * otherwise. Reports at most once per percent of the work, and always the last one.
 */
export function progressOf(extra: CallExtra): ProgressReporter | null {
  const token = extra._meta?.progressToken;
  const send = extra.sendNotification;
  if ((typeof token !== 'string' && typeof token !== 'number') || send === undefined) return null;
  let reported = -1;
  return async (done, total, message) => {
    const percent = Math.floor((100 * done) / Math.max(total, 1));
    if (percent === reported && done < total) return;
    reported = percent;
    await send({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message } });
  };
}
