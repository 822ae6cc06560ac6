import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import { SERVER_INFO } from '../server-info.js';
import type { PlainRequest } from './plain-request.js';

type Json = Readonly<Record<string, unknown>>;

/** The methods whose 2026-07-28 results carry cache fields (`tools/list`); condor's lists are per caller and not cached. */
const CACHEABLE = new Set(['tools/list']);

/**
 * The JSON-RPC answer to `request` carrying `result`, as the SDK writes it for that era: on 2026-07-28 the result is
 * stamped complete, a list is marked uncacheable and private, and the server names itself in the result's `_meta`.
 * Tool results are built in the order of the SDK's result schema (tool-result.ts), so the bytes match.
 */
export function answerOf(request: PlainRequest, result: Json): Response {
  const body =
    request.era === 'legacy'
      ? result
      : { ...result, resultType: 'complete', ...(CACHEABLE.has(request.method) ? { ttlMs: 0, cacheScope: 'private' } : {}), _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO } };
  return new Response(JSON.stringify({ result: body, jsonrpc: '2.0', id: request.id }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The SDK's answer to a request its handler or serving failed on: 500 and JSON-RPC's internal error, with the request's id when it has one. */
export const internalErrorOf = (id: string | number | null): Response =>
  Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id }, { status: 500 });

/** The id the SDK echoes in an error about `body`: a single request's string or number id, else null. */
export function echoableIdOf(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { method, id } = body as Json;
  if (typeof method !== 'string') return null;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

