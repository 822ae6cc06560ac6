import type { Logger } from '@condor/core';
import type { Hono } from 'hono';
import { statusResponse } from './error-response.js';
import { stampedJson, type RestEnv } from './request-id.js';

/** What a readiness probe reports: overall state plus one line per dependency. */
export interface Readiness {
  readonly ok: boolean;
  readonly checks: Record<string, string>;
}

export type ReadinessProbe = () => Promise<Readiness>;

const HEALTHY = JSON.stringify({ status: 'ok' });

const alwaysReady: ReadinessProbe = () => Promise.resolve({ ok: true, checks: {} });

/** `GET /healthz` (the process answers) and `GET /readyz` (its dependencies are usable). */
export function mountHealth(app: Hono<RestEnv>, logger: Logger, ready: ReadinessProbe = alwaysReady): void {
  app.get('/healthz', (c) => stampedJson(c, HEALTHY, 200));
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
