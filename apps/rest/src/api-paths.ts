/** The REST prefix every operation lives under. */
export const API_BASE = '/v1';

/** Whether a path is `/v1` or under it (not `/v10`). */
export const isUnderApiBase = (path: string): boolean => path.startsWith(API_BASE) && (path.length === API_BASE.length || path[API_BASE.length] === '/');

/** Exact addresses that answer machines, in JSON, outside the prefixes below. */
const API_ADDRESSES = new Set(['/healthz', '/readyz', '/openapi.json', '/oauth/token', '/oauth/register', '/oauth/revoke']);

/** Prefixes of the machine-facing API: the REST operations, MCP and the discovery documents. */
const API_PREFIXES = [API_BASE, '/mcp', '/.well-known'];

/**
 * Whether an address belongs to the API (whose failures are JSON ErrorResults) rather than to the pages people open
 * (whose failures are pages): `/v1…`, `/mcp…`, `/.well-known/…`, the OAuth endpoints a client posts to, the health
 * probes and the OpenAPI document. Everything else, unknown addresses included, is a page address.
 *
 * @example isApiPath('/v1/nothing') // true; isApiPath('/nothing') // false; isApiPath('/v10') // false
 */
export const isApiPath = (path: string): boolean =>
  API_ADDRESSES.has(path) || API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
