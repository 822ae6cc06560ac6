import { isUnderApiBase } from './api-paths.js';
import { onlyGetHere } from './error-handlers.js';
import { MCP_PATH } from './mcp-route.js';
import type { Pass, Route, Step } from './step.js';

/** Where a request goes once the steps before the route have let it on. */
export interface Routes {
  /** Everything under `/v1`: the operations. */
  readonly api: Route;
  /** `/mcp`, every method; null when the app serves no MCP (then `/mcp` is unknown, as any other address). */
  readonly mcp: Route | null;
  /** Exact addresses answered for GET and HEAD (any other method is a 405): the probes, the API's description. */
  readonly fixed: ReadonlyMap<string, Route>;
  /** Hono's app: the pages, OAuth, the discovery documents, and the 404 and 405 of every other address. */
  readonly pages: Route;
}

/**
 * The route: the request goes to the one route its path names, which answers it. On the way out a HEAD answer
 * loses its body, whoever gave it (every route answers HEAD as GET).
 */
export function routeStep(routes: Routes): Step {
  return {
    name: 'route',
    enter: (pass) => routeOf(routes, pass)(pass),
    leave: (pass, answer) => (pass.method === 'HEAD' && answer.body !== null ? new Response(null, answer) : answer),
  };
}

function routeOf(routes: Routes, pass: Pass): Route {
  if (isUnderApiBase(pass.path)) return routes.api;
  if (routes.mcp !== null && pass.path === MCP_PATH) return routes.mcp;
  const fixed = routes.fixed.get(pass.path);
  if (fixed === undefined) return routes.pages;
  return pass.method === 'GET' || pass.method === 'HEAD' ? fixed : notAllowed;
}

const notAllowed: Route = (pass) => onlyGetHere(pass.request, pass.path);
