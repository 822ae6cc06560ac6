import type { Logger } from '@condor/core';
import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { statusResponse } from './error-response.js';
import { baseStamp, chooseRequestId, REQUEST_ID_HEADER, type RestEnv } from './request-id.js';

/** What a readiness probe reports: overall state plus one line per dependency. */
export interface Readiness {
  readonly ok: boolean;
  readonly checks: Record<string, string>;
}

export type ReadinessProbe = () => Promise<Readiness>;

const HEALTHY = JSON.stringify({ status: 'ok' });

/** The one answer to `/healthz`, whichever way the request came: ok, with the headers every response carries. */
const healthy = (requestId: string): Response =>
  new Response(HEALTHY, { status: 200, headers: { 'Content-Type': 'application/json', ...baseStamp(requestId) } });

const alwaysReady: ReadinessProbe = () => Promise.resolve({ ok: true, checks: {} });

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (its dependencies are usable). `answerHealthProbe`
 * takes `GET /healthz` before the router; the route is left HEAD, and the address that makes other methods a 405.
 */
export function mountHealth(app: Hono<RestEnv>, logger: Logger, ready: ReadinessProbe = alwaysReady): void {
  app.get('/healthz', (c) => healthy(c.get('requestId')));
  app.get('/readyz', async (c) => {
    let readiness: Readiness;
    try {
      readiness = await ready();
    } catch (error) {
      logger.error('readiness_check_failed', {
        request_id: c.get('requestId'),
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return statusResponse(503, 'Not ready: the readiness check failed.');
    }
    if (readiness.ok) return c.json({ status: 'ready', checks: readiness.checks }, 200);
    return statusResponse(503, `Not ready: ${describeChecks(readiness.checks)}.`);
  });
}

const describeChecks = (checks: Record<string, string>): string => {
  const entries = Object.entries(checks);
  const failing = entries.filter(([, state]) => state !== 'ok');
  const shown = failing.length > 0 ? failing : entries;
  return shown.length > 0 ? shown.map(([name, state]) => `${name} ${state}`).join(', ') : 'a dependency is unavailable';
};

/**
 * Answers `GET /healthz` ahead of the router and the middleware chain, or returns null for any other request:
 * load balancers poll it, and through the chain it cost twice a bare server's answer. The response is the
 * route's own (`healthy`), and the access line is logged when `logger` is given.
 *
 * @example app.fetch = (request, env) => answerHealthProbe(request, null) ?? routed(request, env)
 */
export function answerHealthProbe(request: Request, logger: Logger | null): Response | null {
  if (request.method !== 'GET' || getPath(request) !== '/healthz') return null;
  const started = performance.now();
  const requestId = chooseRequestId(request.headers.get(REQUEST_ID_HEADER) ?? undefined);
  const response = healthy(requestId);
  logger?.info('http_request', {
    request_id: requestId,
    method: 'GET',
    path: '/healthz',
    status: 200,
    duration_ms: Math.round((performance.now() - started) * 10) / 10,
  });
  return response;
}
