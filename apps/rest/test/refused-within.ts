import { AUTH_CACHE_TTL_MS } from '@condor/runtime';
import { expect } from 'vitest';
import { sendJson, type RunningServer } from './server-process.js';

/** Slack for the request itself and the two processes' scheduling, on top of the documented bound. */
const SLACK_MS = 500;

/**
 * Asks `server` for `path` with `credential` until it answers 401 SESSION_INVALID, for at most the documented bound
 * of a revocation made on another instance (the authentication cache's TTL) plus some slack; fails otherwise.
 * Returns the refusal.
 */
export async function refusedWithinBound(server: RunningServer, path: string, credential: string): Promise<Record<string, unknown>> {
  const deadline = performance.now() + AUTH_CACHE_TTL_MS + SLACK_MS;
  for (;;) {
    const answer = await sendJson(server, 'GET', path, undefined, credential);
    if (answer.status === 401) {
      expect(answer.body['error']).toBe('SESSION_INVALID');
      return answer.body;
    }
    expect(answer.status, 'still accepted past the documented bound').toBe(200);
    if (performance.now() > deadline) throw new Error(`still accepted ${String(AUTH_CACHE_TTL_MS + SLACK_MS)} ms after the revocation`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
