import type { AnyOperation } from '@condor/core';
import { tryDecodeURIComponent } from 'hono/utils/url';

/** What the table holds for a request's method and path. */
export type RouteMatch =
  | { readonly kind: 'found'; readonly operation: AnyOperation; readonly params: Readonly<Record<string, string>> }
  /** The path is known, under other methods only (`allow`: in the order the routes were added, HEAD after GET). */
  | { readonly kind: 'not_allowed'; readonly allow: readonly string[] }
  | { readonly kind: 'none' };

interface Route {
  /** Where the route was added: the first added of those that fit wins. */
  readonly order: number;
  readonly method: string;
  readonly pattern: string;
  /** Each segment's text, or null where a parameter goes. */
  readonly segments: readonly (string | null)[];
  readonly names: readonly string[];
  readonly operation: AnyOperation;
}

/** The routes of a table, looked up by method and (decoded) path. */
export interface RouteTable {
  match(method: string, path: string): RouteMatch;
}

const NONE: RouteMatch = { kind: 'none' };

const segmentsOf = (path: string): string[] => path.split('/').slice(1);

function routeOf(order: number, method: string, pattern: string, operation: AnyOperation): Route {
  const parts = segmentsOf(pattern);
  return {
    order,
    method,
    pattern,
    segments: parts.map((part) => (part.startsWith(':') ? null : part)),
    names: parts.filter((part) => part.startsWith(':')).map((part) => part.slice(1)),
    operation,
  };
}

/** A parameter takes one non-empty segment; the rest must be equal. */
function fits(route: Route, parts: readonly string[]): boolean {
  if (route.segments.length !== parts.length) return false;
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i];
    const part = parts[i] as string;
    if (segment === null ? part === '' : segment !== part) return false;
  }
  return true;
}

function paramsOf(route: Route, parts: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  let name = 0;
  route.segments.forEach((segment, i) => {
    if (segment === null) params[route.names[name++] as string] = tryDecodeURIComponent(parts[i] as string);
  });
  return params;
}

/** The methods of the routes that fit, grouped by pattern in the order the patterns first appear, HEAD after GET. */
function allowed(routes: readonly Route[], parts: readonly string[]): string[] {
  const allow = new Set<string>();
  const patterns = new Map<string, Route[]>();
  for (const route of routes) patterns.set(route.pattern, [...(patterns.get(route.pattern) ?? []), route]);
  for (const [, same] of patterns) {
    if (!fits(same[0] as Route, parts)) continue;
    for (const route of same) {
      allow.add(route.method);
      if (route.method === 'GET') allow.add('HEAD');
    }
  }
  return [...allow];
}

/**
 * One route per operation at `base + operation.rest.path` (`:name` segments are parameters), matched the way Hono's
 * router and its method-not-allowed middleware matched them before: segment by segment on the decoded path, a
 * parameter taking one non-empty segment (its value percent-decoded), the first route added winning, HEAD served by
 * GET. route-table.test.ts holds it to Hono's TrieRouter.
 *
 * @example routeTable(CATALOGUE, '/v1').match('GET', '/v1/proposals/p-1') // found: get_proposal, { proposal_id: 'p-1' }
 */
export function routeTable(operations: readonly AnyOperation[], base: string): RouteTable {
  const routes = operations.map((operation, order) => routeOf(order, operation.rest.method, `${base}${operation.rest.path}`, operation));
  // Most paths have no parameter: those are found by their text.
  const exact = new Map<string, Route[]>();
  const withParams = routes.filter((route) => route.names.length > 0);
  for (const route of routes) if (route.names.length === 0) exact.set(route.pattern, [...(exact.get(route.pattern) ?? []), route]);
  function match(method: string, path: string): RouteMatch {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const parts = segmentsOf(path);
    let best = exact.get(path)?.find((route) => route.method === wanted);
    const withParam = withParams.find((route) => route.method === wanted && fits(route, parts));
    if (withParam !== undefined && (best === undefined || withParam.order < best.order)) best = withParam;
    if (best !== undefined) return { kind: 'found', operation: best.operation, params: best.names.length === 0 ? {} : paramsOf(best, parts) };
    const allow = allowed(routes, parts);
    return allow.length === 0 || allow.includes(method) ? NONE : { kind: 'not_allowed', allow };
  }
  // A path without parameters has one answer per method: worked out once, here, for the methods its routes name.
  const known = new Map<string, Map<string, RouteMatch>>();
  for (const [path, same] of exact) {
    const methods = new Set(same.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method])));
    known.set(path, new Map([...methods].map((method) => [method, match(method, path)])));
  }
  return { match: (method, path) => known.get(path)?.get(method) ?? match(method, path) };
}
