import type { Logger } from '@condor/core';
import { statusResponse } from './error-response.js';
import type { Route } from './step.js';

/** What a readiness probe reports: overall state plus one line per dependency. */
export interface Readiness {
  readonly ok: boolean;
  readonly checks: Record<string, string>;
}

export type ReadinessProbe = () => Promise<Readiness>;

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** Whether a request is a load balancer's probe: `GET` (or HEAD) `/healthz` or `/readyz`. */
export const isProbe = (method: string, path: string): boolean =>
  (path === HEALTH_PATH || path === READY_PATH) && (method === 'GET' || method === 'HEAD');

const HEALTHY = JSON.stringify({ status: 'ok' });

/**
 * `GET /healthz`: the process answers. Built with the stamp from the start: load balancers poll it, and a response
 * made whole at once is what @hono/node-server writes fastest.
 */
export const healthRoute: Route = (pass) => {
  pass.stamped = true;
  return new Response(HEALTHY, { status: 200, headers: { 'Content-Type': 'application/json', ...pass.stamp } });
};

const alwaysReady: ReadinessProbe = () => Promise.resolve({ ok: true, checks: {} });

/** `GET /readyz`: the dependencies are usable (503 naming those that are not, or that the probe itself failed). */
export function readyRoute(logger: Logger, ready: ReadinessProbe = alwaysReady): Route {
  return async (pass) => {
    let readiness: Readiness;
    try {
      readiness = await ready();
    } catch (error) {
      logger.error('readiness_check_failed', {
        request_id: pass.requestId,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return statusResponse(503, 'Not ready: the readiness check failed.');
    }
    if (readiness.ok) return new Response(JSON.stringify({ status: 'ready', checks: readiness.checks }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    return statusResponse(503, `Not ready: ${describeChecks(readiness.checks)}.`);
  };
}

const describeChecks = (checks: Record<string, string>): string => {
  const entries = Object.entries(checks);
  const failing = entries.filter(([, state]) => state !== 'ok');
  const shown = failing.length > 0 ? failing : entries;
  return shown.length > 0 ? shown.map(([name, state]) => `${name} ${state}`).join(', ') : 'a dependency is unavailable';
};
