import type { Pass } from './step.js';

/**
 * The Hono environment of the pages and OAuth app behind the steps: its bindings are the request's `Pass`, and
 * every handler can read the request id and the client's address as `c.var` (the pages read `clientIp` there).
 */
export interface RestEnv {
  Bindings: Pass;
  Variables: { requestId: string; clientIp: string | null };
}
