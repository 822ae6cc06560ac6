import { CATALOGUE, type Services } from '@condor/core';
import { API_BASE } from './api-paths.js';
import { methodNotAllowedHere, noEndpoint } from './error-handlers.js';
import { callOperation } from './operation-call.js';
import { routeTable } from './route-table.js';
import type { Route } from './step.js';

/**
 * Everything under `/v1`: the catalogue's operation at the request's method and path (`callOperation`), or 404, or
 * 405 with `Allow` for a path known under other methods only. HEAD is GET (the route step drops the body).
 *
 * @example apiRoute(services)(pass) // the operation's answer, stamped
 */
export function apiRoute(services: Services): Route {
  const table = routeTable(CATALOGUE, API_BASE);
  return (pass) => {
    const route = table.match(pass.method, pass.path);
    switch (route.kind) {
      case 'none':
        return noEndpoint(pass.method, pass.path);
      case 'not_allowed':
        return methodNotAllowedHere(pass.method, route.allow);
      case 'found':
        pass.stamped = true;
        return callOperation(pass, route, services);
    }
  };
}
