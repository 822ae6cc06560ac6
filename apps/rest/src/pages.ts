import type { Services } from '@condor/core';
import { webRoutes } from '@condor/web';
import { Hono, type MiddlewareHandler } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { errorHandler, methodNotAllowedHandler, notFoundHandler } from './error-handlers.js';
import { mountOAuth } from './oauth/oauth-routes.js';
import type { RestEnv } from './rest-env.js';

/** The steps' findings as `c.var`, where Hono's handlers and the pages read them. It checks nothing. */
const handOver: MiddlewareHandler<RestEnv> = (c, next) => {
  c.set('requestId', c.env.requestId);
  c.set('clientIp', c.env.clientIp);
  return next();
};

/**
 * Hono's app, one route behind the steps: the pages for people, condor's OAuth server (its forms, endpoints and
 * discovery documents), and the 404 and 405 of any address no other route takes — a page, or an ErrorResult under
 * the API. The route step hands it the admitted request with its `Pass` as bindings (`app.fetch(pass.request, pass)`).
 */
export function pagesApp(services: Services): Hono<RestEnv> {
  const app = new Hono<RestEnv>();
  app.use(handOver);
  app.use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedHandler }));
  app.route('/', webRoutes(services));
  mountOAuth(app, services);
  app.notFound(notFoundHandler);
  app.onError(errorHandler(services.logger));
  return app;
}
