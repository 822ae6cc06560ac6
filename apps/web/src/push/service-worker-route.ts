import type { Hono } from 'hono';
import type { WebEnv } from '../shared/web-env.js';
import { SERVICE_WORKER, SERVICE_WORKER_PATH } from './service-worker.js';

/**
 * `GET /sw.js`: the service worker, at the root so its scope is all of condor. Never cached (`no-cache`: the browser
 * checks for a new one each time), JavaScript, and under a policy that lets it load and fetch nothing.
 */
export function mountServiceWorker(app: Hono<WebEnv>): void {
  app.get(SERVICE_WORKER_PATH, (c) =>
    c.body(SERVICE_WORKER, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': "default-src 'none'",
    }),
  );
}
