import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import { SERVER_INFO } from '../server-info.js';
import type { DirectRoute } from './direct-route.js';

type Json = Readonly<Record<string, unknown>>;

/** The methods whose 2026-07-28 results carry cache fields (`tools/list`); condor's lists are per caller and not cached. */
const CACHEABLE = new Set(['tools/list']);

/**
 * The JSON-RPC answer to `route` carrying `result`, as the SDK writes it for that era: on 2026-07-28 the result is
 * stamped complete, a list is marked uncacheable and private, and the server names itself in the result's `_meta`.
 * Tool results are built in the order of the SDK's result schema (tool-result.ts, resource-links.ts), so the bytes match.
 */
export function answerOf(route: DirectRoute, result: Json): Response {
  const body = route.era === 'legacy' ? result : { ...result, resultType: 'complete', ...(CACHEABLE.has(route.method) ? { ttlMs: 0, cacheScope: 'private' } : {}), _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO } };
  return new Response(JSON.stringify({ result: body, jsonrpc: '2.0', id: route.id }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The SDK's answer to a request its handler failed on: 500 and JSON-RPC's internal error. */
export const internalErrorOf = (route: DirectRoute): Response =>
  Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: route.id }, { status: 500 });
