import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's inline stylesheet and script. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The pages' Content-Security-Policy: nothing loads from anywhere; only the inline stylesheet and script that
 * carry this response's nonce run; forms post only to this origin; no page may frame these. `fetchesSelf` lets the
 * page's script read from this origin (the desk refreshing itself); no other page's script fetches anything.
 * `registersWorker` lets it register condor's service worker, `/sw.js` of this origin (the settings page).
 * `formLeadsTo` are origins a form's post may be redirected to (browsers apply `form-action` to that redirect too):
 * the broker-keys page's "Log in at Schwab" leads to Schwab's login page.
 */
export const pagePolicy = (nonce: string, fetchesSelf = false, registersWorker = false, formLeadsTo: readonly string[] = []): string =>
  [
    "default-src 'none'",
    ...(fetchesSelf ? ["connect-src 'self'"] : []),
    ...(registersWorker ? ["worker-src 'self'"] : []),
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'none'",
    ["form-action 'self'", ...formLeadsTo].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
