import type { BrowserSession } from './browser-session.js';

/** A form post that passed the form guard: its browser session and the posted fields. */
export interface CheckedPost extends BrowserSession {
  readonly form: Readonly<Record<string, unknown>>;
}

/**
 * The Hono environment of the pages. `clientIp` is set by the REST app's client-address middleware (absent when
 * the pages run on their own, as in unit tests); `session` by the page guard; `post` by the form guard.
 */
export interface WebEnv {
  Variables: { clientIp?: string | null; session: BrowserSession; post: CheckedPost };
}
