import type { BrowserCaller } from '@condor/core';

/** A form post that passed the guard: its person, their session token and CSRF token, and the posted fields. */
export interface CheckedPost {
  readonly caller: BrowserCaller;
  readonly sessionToken: string;
  readonly csrf: string;
  readonly form: Readonly<Record<string, unknown>>;
}

/**
 * The Hono environment of the pages. `clientIp` is set by the REST app's client-address middleware (absent when
 * the pages run on their own, as in unit tests); `post` by the form guard.
 */
export interface WebEnv {
  Variables: { clientIp?: string | null; post: CheckedPost };
}
